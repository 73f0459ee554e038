import { Alert, Flex, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../lib/use-call.ts';

/** The one text field a {@link ReasonModal} asks for. */
export interface ReasonField {
  /** The form field's name; `reason` unless told. */
  name?: string;
  label: ReactNode;
  extra?: ReactNode;
  rules: Rule[];
  /** The control; a three-row text area of up to 300 characters unless told. */
  input?: ReactNode;
}

/**
 * A dialog that asks for one required text (a reason, a transaction hash) and sends it: the form
 * empties each time it opens, the OK button is busy while `submit` runs, and a refusal shows in
 * place with the text kept. `submit` gets the text trimmed.
 */
export function ReasonModal({
  open,
  title,
  okText,
  danger = false,
  formName,
  summary,
  field,
  gap,
  submit,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  okText: ReactNode;
  danger?: boolean;
  formName: string;
  /** What the dialog shows above the form: the thing decided, and any guidance. */
  summary?: ReactNode;
  field: ReasonField;
  /** When set, summary, form and problem stack in a vertical Flex with this gap. */
  gap?: number;
  submit: (value: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const { busy, problem, setProblem, run } = useCall();
  const name = field.name ?? 'reason';

  useEffect(() => {
    if (open) {
      form.resetFields();
      setProblem(null);
    }
  }, [open, form, setProblem]);

  async function finish(values: Record<string, string>) {
    await run(() => submit((values[name] ?? '').trim()));
  }

  const body = (
    <>
      {summary}
      <Form form={form} name={formName} layout="vertical" onFinish={finish} requiredMark={false}>
        <Form.Item name={name} label={field.label} extra={field.extra} rules={field.rules}>
          {field.input ?? <Input.TextArea rows={3} maxLength={300} showCount />}
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </>
  );

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: busy }}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      forceRender
    >
      {gap === undefined ? (
        body
      ) : (
        <Flex vertical gap={gap}>
          {body}
        </Flex>
      )}
    </Modal>
  );
}
