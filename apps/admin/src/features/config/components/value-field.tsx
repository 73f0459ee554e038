import { ASSETS, DECIMAL_PATTERN } from '@minecloud/contract/amount';
import type { SettingRow } from '@minecloud/contract/console';
import { percentOf } from '@minecloud/contract/decimal';
import { SUPPORT_EMAIL_PATTERN, SUPPORT_TELEGRAM_PATTERN, type SupportChannel } from '@minecloud/contract/support';
import { Button, Flex, Form, type FormRule, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { sumOf } from './setting-value';

/** The server keeps rates to 8 decimals (settings.ts). */
const RATE_PATTERN = /^(0|[1-9]\d*)(\.\d{1,8})?$/;

const reject = (message: string) => Promise.reject(new Error(message));

/** `value`, trimmed, matches `pattern`; with `emptyOk`, nothing at all is fine too. */
function patternRule(pattern: RegExp, message: string, emptyOk = false): FormRule {
  return {
    validator: (_, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : emptyOk && value == null ? '' : null;
      return text !== null && ((emptyOk && text === '') || pattern.test(text)) ? Promise.resolve() : reject(message);
    },
  };
}

/** The input of a new value, by the setting's kind, with the same limits as the server. */
export function ValueField({ row }: { row: SettingRow }) {
  const { t } = useTranslation(NS);
  const form = Form.useFormInstance();
  const watched: unknown = Form.useWatch('value', form);
  const required = { required: true, message: t('required') };
  const label = t('newValue');

  switch (row.kind) {
    case 'integer': {
      const { min, max } = row;
      const rangeText =
        min !== null && max !== null
          ? t('integerRange', { min, max })
          : min !== null
            ? t('integerMin', { min })
            : max !== null
              ? t('integerMax', { max })
              : t('integerInvalid');
      // No min/max on the input itself: it would silently clamp what was typed instead of saying why.
      const rule: FormRule = {
        validator: (_, value: unknown) =>
          typeof value === 'number' &&
          Number.isInteger(value) &&
          (min === null || value >= min) &&
          (max === null || value <= max)
            ? Promise.resolve()
            : reject(rangeText),
      };
      return (
        <Form.Item name="value" label={label} extra={rangeText} rules={[required, rule]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      );
    }
    case 'decimal':
      return (
        <Form.Item name="value" label={label} rules={[required, patternRule(DECIMAL_PATTERN, t('decimalInvalid'))]}>
          <Input inputMode="decimal" />
        </Form.Item>
      );
    case 'rate':
      return (
        <Form.Item
          name="value"
          label={label}
          rules={[required, patternRule(RATE_PATTERN, t('rateInvalid'))]}
          extra={
            typeof watched === 'string' && RATE_PATTERN.test(watched.trim())
              ? t('rateHint', { percent: percentOf(watched.trim()) })
              : undefined
          }
        >
          <Input inputMode="decimal" />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item name="value" label={label} valuePropName="checked">
          <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} />
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item name="value" label={label} rules={[{ ...required, whitespace: true }]}>
          <Input />
        </Form.Item>
      );
    case 'assets':
      return (
        <Form.Item
          name="value"
          label={label}
          rules={[{ required: true, type: 'array', min: 1, message: t('assetsInvalid') }]}
        >
          <Select mode="multiple" options={ASSETS.map((asset) => ({ value: asset, label: asset }))} />
        </Form.Item>
      );
    case 'percentages':
      return <PercentagesField watched={watched} />;
    case 'email':
    case 'telegram':
      return <ContactField channel={row.kind} />;
  }
}

const CONTACT_PATTERNS: Record<SupportChannel, RegExp> = {
  email: SUPPORT_EMAIL_PATTERN,
  telegram: SUPPORT_TELEGRAM_PATTERN,
};

/** A support contact (support.ts): checked as the server checks it; empty hides the channel from members. */
function ContactField({ channel }: { channel: SupportChannel }) {
  const { t } = useTranslation(NS);
  const message = channel === 'email' ? t('contactInvalidEmail') : t('contactInvalidTelegram');
  return (
    <Form.Item
      name="value"
      label={t('newValue')}
      rules={[patternRule(CONTACT_PATTERNS[channel], message, true)]}
      extra={t('contactEmptyHint')}
    >
      <Input
        inputMode={channel === 'email' ? 'email' : undefined}
        placeholder={channel === 'email' ? 'support@example.com' : '@minecloud_help'}
        allowClear
      />
    </Form.Item>
  );
}

/** A list of whole percentages (e.g. prize weights, best place first) adding up to at most 100. */
function PercentagesField({ watched }: { watched: unknown }) {
  const { t } = useTranslation(NS);
  const sum = sumOf(Array.isArray(watched) ? watched : []);
  const itemRule: FormRule = {
    validator: (_, value: unknown) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100
        ? Promise.resolve()
        : reject(t('percentagesItem')),
  };
  const listRule = {
    validator: async (_: unknown, list: unknown[] | undefined) => {
      if (!list || list.length === 0) return reject(t('percentagesEmpty'));
      if (sumOf(list) > 100) return reject(t('percentagesTooMuch'));
    },
  };
  return (
    <Form.Item label={t('newValue')} required={false}>
      <Form.List name="value" rules={[listRule]}>
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="start">
                <Typography.Text style={{ width: 72, lineHeight: '32px', flex: 'none' }}>
                  {t('percentagesPlace', { n: index + 1 })}
                </Typography.Text>
                <Form.Item name={field.name} rules={[itemRule]} style={{ margin: 0, flex: 1 }}>
                  <InputNumber
                    suffix="%"
                    aria-label={t('percentagesPlace', { n: index + 1 })}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
                <Button onClick={() => remove(field.name)}>{t('remove')}</Button>
              </Flex>
            ))}
            <Button type="dashed" onClick={() => add(0)}>
              {t('percentagesAdd')}
            </Button>
            <Typography.Text type={sum > 100 ? 'danger' : 'secondary'}>{t('percentagesSum', { sum })}</Typography.Text>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** What the form holds, turned into the value the server expects for the kind. */
export function settingValueOf(row: SettingRow, value: unknown): unknown {
  switch (row.kind) {
    case 'decimal':
    case 'rate':
    case 'text':
      return typeof value === 'string' ? value.trim() : value;
    // Cleared (antd's clear button leaves nothing): empty, which hides the channel.
    case 'email':
    case 'telegram':
      return typeof value === 'string' ? value.trim() : '';
    case 'boolean':
      return value === true;
    default:
      return value;
  }
}
