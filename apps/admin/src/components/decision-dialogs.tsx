import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from './decision-modal';

type Decided = (id: string) => void | Promise<void>;

/**
 * Asks to approve `row` (open while it is set), showing `children(row)`; see {@link DecisionModal}
 * for the busy button and the refusal shown in place.
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
  return (
    <DecisionModal
      open={row !== null}
      title={row ? title(row) : ''}
      okText={t('common:approve')}
      width={width}
      gap={12}
      summary={row && children(row)}
      decide={async () => {
        if (!row) return;
        await approve(row);
        await onApproved(row.id);
      }}
      onClose={onClose}
    />
  );
}

/** Asks the reason to reject `row` (open while it is set), below `summary(row)`; see {@link DecisionModal}. */
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
  return (
    <DecisionModal
      open={row !== null}
      title={row ? title(row) : ''}
      okText={t('common:reject')}
      danger
      gap={gap}
      summary={row && summary(row)}
      reason={{
        formName,
        label: t('common:reason'),
        extra: hint,
        rules: [{ required: true, whitespace: true, message: t('common:reasonRequired') }],
      }}
      decide={async (reason = '') => {
        if (!row) return;
        await reject(row, reason);
        await onRejected(row.id);
      }}
      onClose={onClose}
    />
  );
}
