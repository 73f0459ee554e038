import { ApiError } from '@minecloud/contract/client';
import type { SettingRow } from '@minecloud/contract/console';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { GUARDED_SETTINGS, isSettingKey, loosens } from '@minecloud/contract/settings';
import { Alert, DatePicker, type DatePickerProps, Flex, Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notify';
import { isProposal, useChangeSetting } from '../api/change-setting';
import { NS } from '../i18n';
import { SETTINGS_NS } from '../lib/setting-labels';
import { SettingValue } from './setting-value';
import { settingValueOf, ValueField } from './value-field';

/** antd's date value (a dayjs object), named without depending on dayjs directly. */
type Moment = Parameters<NonNullable<DatePickerProps['disabledDate']>>[0];
type Values = { value: unknown; when: 'now' | 'later'; effectiveAt?: Moment };

/**
 * Whether a guarded setting's new value would wait for a second operator (docs/operations.md,
 * "Settings that guard money"): the note says so, and that tightening applies at once.
 */
function GuardNote({ row, typed, delayHours }: { row: SettingRow; typed: unknown; delayHours: number }) {
  const { t } = useTranslation(NS);
  if (!isSettingKey(row.key) || !GUARDED_SETTINGS.has(row.key)) return null;
  const loosening = typed !== undefined && loosens(row.key, row.value, settingValueOf(row, typed));
  return (
    <Alert
      type={loosening ? 'warning' : 'info'}
      showIcon
      data-testid="guard-note"
      title={t('guardedNote')}
      description={loosening ? t('guardedLoosening', { hours: delayHours }) : t('guardedTightening')}
    />
  );
}

/** Changes one setting, now or from a chosen time; the server's refusal stays on the form. */
export function SettingEditModal({
  row,
  delayHours,
  onClose,
}: {
  row: SettingRow;
  /** `config.loosenDelayHours` now: how long an approved loosening change waits. */
  delayHours: number;
  onClose: () => void;
}) {
  const { t } = useTranslation([NS, SETTINGS_NS]);
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const when = Form.useWatch('when', form);
  const typed = Form.useWatch('value', form);
  const change = useChangeSetting();
  const [refusal, setRefusal] = useState<string | null>(null);
  const label = t(`${SETTINGS_NS}:label.${row.key}`, { defaultValue: row.key });

  const finish = (values: Values) => {
    setRefusal(null);
    const later = values.when === 'later' && values.effectiveAt;
    const body = {
      value: settingValueOf(row, values.value),
      ...(later ? { effectiveAt: later.format() } : {}),
    };
    change.mutate(
      { key: row.key, body },
      {
        onSuccess: (answer) => {
          notify.success(isProposal(answer) ? t('proposed') : later ? t('scheduled') : t('changed'));
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || (error.status === 401 && error.code === ERROR_CODES.unauthorized)) {
            notify.error(error);
            return;
          }
          setRefusal(error.msg);
          if (error.code === ERROR_CODES.effectiveInPast)
            form.setFields([{ name: 'effectiveAt', errors: [error.msg] }]);
        },
      },
    );
  };

  const futureRule = {
    validator: (_: unknown, value: Moment | undefined) =>
      !value || value.valueOf() > Date.now() ? Promise.resolve() : Promise.reject(new Error(t('effectiveFuture'))),
  };

  return (
    <Modal
      open
      width={560}
      title={t('editTitle', { label })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t(`${SETTINGS_NS}:help.${row.key}`, { defaultValue: '' })}</Typography.Text>
        <Flex gap={8} align="center">
          <Typography.Text>{t('currentValue')}:</Typography.Text>
          <SettingValue kind={row.kind} value={row.value} />
        </Flex>
        <GuardNote row={row} typed={typed} delayHours={delayHours} />
        {row.atBoundary && <Alert type="info" showIcon title={t('atBoundaryNote')} data-testid="at-boundary-note" />}
        {refusal && <Alert type="error" showIcon title={refusal} />}
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ value: row.value, when: 'now' }}
          onFinish={finish}
        >
          <ValueField row={row} />
          <Form.Item name="when" label={t('effective')}>
            <Radio.Group
              options={[
                { value: 'now', label: row.atBoundary ? t('effectiveNextBoundary') : t('effectiveNow') },
                { value: 'later', label: t('effectiveLater') },
              ]}
            />
          </Form.Item>
          {when === 'later' && (
            <Form.Item
              name="effectiveAt"
              label={t('effectiveAt')}
              rules={[{ required: true, message: t('effectiveRequired') }, futureRule]}
            >
              <DatePicker
                showTime
                needConfirm={false}
                format="YYYY-MM-DD HH:mm:ss"
                disabledDate={(day) => day.endOf('day').valueOf() < Date.now()}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
        </Form>
      </Flex>
    </Modal>
  );
}
