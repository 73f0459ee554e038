import { Alert, Flex, Modal } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../lib/use-call.ts';
import { ReasonModal } from './reason-modal.tsx';

type Decided = (id: string) => void | Promise<void>;

/**
 * Asks to approve `row` (open while it is set), showing `children(row)`: OK is busy while `approve`
 * runs, and a refusal shows in place (cleared when the dialog opens again).
 */
export function ApproveDialog<T extends { id: string }>({
  row,
  title,
  width,
  approve,
  onClose,
  onApproved,
  children,
}: {
  row: T | null;
  title: (row: T) => ReactNode;
  width?: number;
  approve: (row: T) => Promise<void>;
  onClose: () => void;
  onApproved: Decided;
  children: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { busy, problem, setProblem, run } = useCall();
  useEffect(() => {
    if (row) setProblem(null);
  }, [row, setProblem]);

  async function confirm() {
    if (!row) return;
    await run(async () => {
      await approve(row);
      await onApproved(row.id);
    });
  }

  return (
    <Modal
      open={row !== null}
      title={row ? title(row) : ''}
      okText={t('common:approve')}
      okButtonProps={{ loading: busy }}
      cancelText={t('common:cancel')}
      onOk={confirm}
      onCancel={onClose}
      mask={{ closable: false }}
      width={width}
    >
      {row && (
        <Flex vertical gap={12}>
          {children(row)}
          {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        </Flex>
      )}
    </Modal>
  );
}

/** Asks the reason to reject `row` (open while it is set), below `summary(row)`; see {@link ReasonModal}. */
export function RejectDialog<T extends { id: string }>({
  row,
  title,
  hint,
  formName,
  gap,
  summary,
  reject,
  onClose,
  onRejected,
}: {
  row: T | null;
  title: (row: T) => ReactNode;
  /** Who reads the reason, and what the rejection does. */
  hint: ReactNode;
  formName: string;
  gap?: number;
  summary: (row: T) => ReactNode;
  reject: (row: T, reason: string) => Promise<void>;
  onClose: () => void;
  onRejected: Decided;
}) {
  const { t } = useTranslation();

  async function submit(reason: string) {
    if (!row) return;
    await reject(row, reason);
    await onRejected(row.id);
  }

  return (
    <ReasonModal
      open={row !== null}
      title={row ? title(row) : ''}
      okText={t('common:reject')}
      danger
      formName={formName}
      gap={gap}
      summary={row && summary(row)}
      field={{
        label: t('common:reason'),
        extra: hint,
        rules: [{ required: true, whitespace: true, message: t('common:reasonRequired') }],
      }}
      submit={submit}
      onClose={onClose}
    />
  );
}
