import { openRoundBodySchema } from '@minecloud/contract/admin';
import { Alert, Flex, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmDecision } from '@/components/decision-modal';
import { FormModal } from '@/components/form-dialog';
import { SchemaField } from '@/components/schema-field';
import { useNotify } from '@/lib/notify';
import { type OpenRoundBody, useOpenRound } from '../api/open-round';
import { NS } from '../i18n';

type Values = OpenRoundBody;

const shape = openRoundBodySchema.shape;

/** The form of a new round; it asks once more before opening, since the open round closes. */
export function OpenRoundModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const confirm = useConfirmDecision();
  const [form] = Form.useForm<Values>();
  const open = useOpenRound();

  const finish = (values: Values) => {
    const body: Values = {
      totalShares: values.totalShares,
      pricePerShare: values.pricePerShare.trim(),
      annualYieldPct: values.annualYieldPct.trim(),
      minQuantity: values.minQuantity,
      termDays: values.termDays,
    };
    confirm({
      title: t('confirmTitle'),
      content: t('confirmText', {
        totalShares: body.totalShares,
        price: body.pricePerShare,
        yield: body.annualYieldPct,
        days: body.termDays,
      }),
      okText: t('common:confirm'),
      run: async () => {
        const answer = await open.mutateAsync(body);
        notify.success(t('opened', { id: answer.roundId }));
        onClose();
      },
    });
  };

  return (
    <FormModal<Values>
      title={t('openRound')}
      okText={t('openRound')}
      intro={<Alert type="warning" showIcon title={t('openWarning')} />}
      form={form}
      initialValues={{ minQuantity: 1, termDays: 365 }}
      onFinish={finish}
      saving={open.isPending}
      onClose={onClose}
    >
      <SchemaField name="totalShares" label={t('totalShares')} schema={shape.totalShares} message={t('sharesInvalid')}>
        <InputNumber style={{ width: '100%' }} />
      </SchemaField>
      <Flex gap={16}>
        <SchemaField
          name="pricePerShare"
          label={t('pricePerShare')}
          schema={shape.pricePerShare}
          message={t('priceInvalid')}
          half
        >
          <Input suffix="USDT" inputMode="decimal" />
        </SchemaField>
        <SchemaField
          name="annualYieldPct"
          label={t('annualYieldPct')}
          schema={shape.annualYieldPct}
          message={t('yieldInvalid')}
          half
        >
          <Input suffix="%" inputMode="decimal" />
        </SchemaField>
      </Flex>
      <Flex gap={16}>
        <SchemaField
          name="minQuantity"
          label={t('minQuantity')}
          schema={shape.minQuantity.unwrap()}
          message={t('minQuantityInvalid')}
          half
        >
          <InputNumber style={{ width: '100%' }} />
        </SchemaField>
        <SchemaField name="termDays" label={t('termDays')} schema={shape.termDays} message={t('termInvalid')} half>
          <InputNumber style={{ width: '100%' }} />
        </SchemaField>
      </Flex>
    </FormModal>
  );
}
