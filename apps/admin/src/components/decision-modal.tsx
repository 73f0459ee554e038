import { Alert, App, Flex, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notify';
import { useCall } from '@/lib/use-call';

/** The one text a {@link DecisionModal} asks for before it sends (a reason, a transaction hash). */
export interface ReasonField {
  /** The form's name, and the field's (`reason` unless told). */
  formName: string;
  name?: string;
  label: ReactNode;
  extra?: ReactNode;
  rules: Rule[];
  /** The control; a three-row text area of up to 300 characters unless told. */
  input?: ReactNode;
}

/**
 * The console's one frame for confirming a decision: OK (`okText`, red when `danger`) is busy while
 * `decide` runs, and a refusal shows in place, cleared each time the dialog opens. With `reason`, it
 * first asks for that one text (emptied on each opening, kept on a refusal) and `decide` gets it
 * trimmed. One OK sends once: a second press while the first is out is ignored.
 */
export function DecisionModal({
  open,
  title,
  okText,
  danger = false,
  width,
  summary,
  reason,
  gap,
  decide,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  okText: ReactNode;
  danger?: boolean;
  width?: number;
  /** What the dialog shows above the form: the thing decided, and any guidance. */
  summary?: ReactNode;
  reason?: ReasonField;
  /** When set, summary, form and problem stack in a vertical Flex with this gap. */
  gap?: number;
  decide: (reason?: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const { busy, problem, setProblem, run } = useCall();
  const sending = useRef(false);
  const asks = reason !== undefined;
  const name = reason?.name ?? 'reason';

  useEffect(() => {
    if (!open) return;
    if (asks) form.resetFields();
    setProblem(null);
  }, [open, asks, form, setProblem]);

  async function send(text?: string) {
    if (sending.current) return;
    sending.current = true;
    try {
      await run(() => decide(text));
    } finally {
      sending.current = false;
    }
  }

  const body = (
    <>
      {summary}
      {reason && (
        <Form
          form={form}
          name={reason.formName}
          layout="vertical"
          onFinish={(values) => send((values[name] ?? '').trim())}
          requiredMark={false}
        >
          <Form.Item name={name} label={reason.label} extra={reason.extra} rules={reason.rules}>
            {reason.input ?? <Input.TextArea rows={3} maxLength={300} showCount />}
          </Form.Item>
        </Form>
      )}
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
      onOk={() => (asks ? form.submit() : send())}
      onCancel={onClose}
      mask={{ closable: false }}
      width={width}
      // The form must exist before the first opening, so that it can be emptied then.
      forceRender={asks}
    >
      {(open || asks) &&
        (gap === undefined ? (
          body
        ) : (
          <Flex vertical gap={gap}>
            {body}
          </Flex>
        ))}
    </Modal>
  );
}

/** A decision put in one sentence, asked with {@link useConfirmDecision}. */
export interface ConfirmDecision {
  title: ReactNode;
  content?: ReactNode;
  okText: ReactNode;
  danger?: boolean;
  /** The decision; a refusal is notified (the box closes either way). */
  run: () => Promise<unknown>;
  /** Runs after the decision, made or refused (a list to reload). */
  settle?: () => Promise<unknown>;
}

/**
 * The same decision when there is nothing to show but a sentence: antd's confirm box, its OK busy
 * while `run` runs, Cancel in the console's words.
 */
export function useConfirmDecision(): (decision: ConfirmDecision) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const notify = useNotify();
  return ({ title, content, okText, danger, run, settle }) => {
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await run();
        } catch (error) {
          notify.error(error);
        }
        await settle?.();
      },
    });
  };
}
