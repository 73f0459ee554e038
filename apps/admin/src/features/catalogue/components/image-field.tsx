import { Flex, Image, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaField } from '@/components/schema-field';
import type { TextControlProps } from '@/components/text-control';
import { MISSING_IMAGE } from '@/components/thumbnail';
import type { Checkable } from '@/lib/zod-rule';
import { NS } from '../i18n';

/** A picture's path or URL, with a live preview of what it points at; a form control. */
export function ImageField({ value, onChange, id }: TextControlProps) {
  const { t } = useTranslation(NS);
  const source = value?.trim() ?? '';
  return (
    <Flex vertical gap={8}>
      <Input id={id} value={value} onChange={(event) => onChange?.(event.target.value)} placeholder="/uploads/…" />
      {source ? (
        <Image
          src={source}
          alt={t('imagePreview')}
          width={160}
          height={90}
          fallback={MISSING_IMAGE}
          style={{ objectFit: 'contain', background: 'rgba(127,127,127,0.12)' }}
        />
      ) : (
        <Typography.Text type="secondary">{t('noImage')}</Typography.Text>
      )}
    </Flex>
  );
}

/** The `image` field of a product or a banner, checked by the contract's `schema` for it. */
export function ImageFormItem({ schema }: { schema: Checkable }) {
  const { t } = useTranslation(NS);
  return (
    <SchemaField name="image" label={t('image')} extra={t('imageHelp')} schema={schema} message={t('imageInvalid')}>
      <ImageField />
    </SchemaField>
  );
}
