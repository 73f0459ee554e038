import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Checkable, zodRule } from '@/lib/zod-rule';

/**
 * A form field that refuses what the contract's `schema` refuses, with `message` under it
 * (lib/zod-rule.ts); required unless `optional`. `half`: it shares a row (a Flex) with another.
 */
export function SchemaField({
  name,
  label,
  extra,
  schema,
  message,
  optional = false,
  half = false,
  children,
}: {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  schema: Checkable;
  message: string;
  optional?: boolean;
  half?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const checked = zodRule(schema, message);
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={optional ? [checked] : [{ required: true, message: t('common:required') }, checked]}
      style={half ? { flex: 1 } : undefined}
    >
      {children}
    </Form.Item>
  );
}
