import { reserveAddBodySchema } from '@minecloud/contract/console';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notify';
import { useCall } from '@/lib/use-call';
import { zodRule } from '@/lib/zod-rule';
import { useAddReserve } from '../api/add-reserve';
import { NS } from '../i18n';

type Values = { address: string; label: string };

/** Adds a cold address: any letter case (the server keeps it lower-case), with a label. */
export function AddReserveModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const add = useAddReserve();
  const { busy, problem, run } = useCall();

  const submit = (values: Values) =>
    run(async () => {
      await add.mutateAsync({ address: values.address.trim(), label: values.label.trim() });
      notify.success(t('addedDone'));
      onClose();
    });

  return (
    <Modal
      open
      title={t('addTitle')}
      okText={t('add')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('addHint')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="address"
          label={t('address')}
          rules={[
            { required: true, whitespace: true, message: t('addressRequired') },
            zodRule(reserveAddBodySchema.shape.address, t('addressInvalid')),
          ]}
        >
          <Input autoComplete="off" placeholder="0x…" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('label')}
          rules={[
            { required: true, whitespace: true, message: t('labelRequired') },
            zodRule(reserveAddBodySchema.shape.label, t('labelTooLong')),
          ]}
        >
          <Input autoComplete="off" maxLength={80} />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Modal>
  );
}
