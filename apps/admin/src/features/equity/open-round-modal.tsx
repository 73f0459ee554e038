import { openRoundBodySchema } from '@minecloud/contract/admin';
import { Alert, App, Flex, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { type OpenRoundBody, useOpenRound } from './api.ts';
import { NS } from './i18n.ts';

type Values = OpenRoundBody;

const shape = openRoundBodySchema.shape;

/** The form of a new round; it asks once more before opening, since the open round closes. */
export function OpenRoundModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const open = useOpenRound();
  const required = { required: true, message: t('required') };

  const finish = (values: Values) => {
    const body: Values = {
      totalShares: values.totalShares,
      pricePerShare: values.pricePerShare.trim(),
      annualYieldPct: values.annualYieldPct.trim(),
      minQuantity: values.minQuantity,
      termDays: values.termDays,
    };
    modal.confirm({
      title: t('confirmTitle'),
      content: t('confirmText', {
        totalShares: body.totalShares,
        price: body.pricePerShare,
        yield: body.annualYieldPct,
        days: body.termDays,
      }),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      onOk: () =>
        open.mutateAsync(body).then(
          (answer) => {
            notify.success(t('opened', { id: answer.roundId }));
            onClose();
          },
          (error: unknown) => notify.error(error),
        ),
    });
  };

  return (
    <Modal
      open
      width={560}
      title={t('openRound')}
      okText={t('openRound')}
      cancelText={t('common:cancel')}
      confirmLoading={open.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Flex vertical gap={16}>
        <Alert type="warning" showIcon title={t('openWarning')} />
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ minQuantity: 1, termDays: 365 }}
          onFinish={finish}
        >
          <Form.Item
            name="totalShares"
            label={t('totalShares')}
            rules={[required, zodRule(shape.totalShares, t('sharesInvalid'))]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Flex gap={16}>
            <Form.Item
              name="pricePerShare"
              label={t('pricePerShare')}
              rules={[required, zodRule(shape.pricePerShare, t('priceInvalid'))]}
              style={{ flex: 1 }}
            >
              <Input suffix="USDT" inputMode="decimal" />
            </Form.Item>
            <Form.Item
              name="annualYieldPct"
              label={t('annualYieldPct')}
              rules={[required, zodRule(shape.annualYieldPct, t('yieldInvalid'))]}
              style={{ flex: 1 }}
            >
              <Input suffix="%" inputMode="decimal" />
            </Form.Item>
          </Flex>
          <Flex gap={16}>
            <Form.Item
              name="minQuantity"
              label={t('minQuantity')}
              rules={[required, zodRule(shape.minQuantity.unwrap(), t('minQuantityInvalid'))]}
              style={{ flex: 1 }}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="termDays"
              label={t('termDays')}
              rules={[required, zodRule(shape.termDays, t('termInvalid'))]}
              style={{ flex: 1 }}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
        </Form>
      </Flex>
    </Modal>
  );
}
