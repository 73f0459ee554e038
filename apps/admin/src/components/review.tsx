/**
 * The pieces of a queue that operators decide row by row (withdrawals, adjustments): the status
 * filter kept in the address, a row's member, its Approve and Reject buttons, and which row a dialog
 * is open for (the dialogs are in decision-dialogs.tsx).
 */
import { Button, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useNotify } from '@/lib/notify';
import { Address } from './address';

/** The `status` of the address when it is one of `statuses`, else `fallback`; and how to change it. */
export function useStatusParam<S extends string>(statuses: readonly S[], fallback: S): [S, (status: S) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = statuses.find((value) => value === raw) ?? fallback;
  return [status, (next) => setParams({ status: next })];
}

/** The queue's status filter. */
export function StatusFilter<S extends string>({
  value,
  onChange,
  options,
}: {
  value: S;
  onChange: (status: S) => void;
  options: { value: S; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Select<S>
      aria-label={t('common:status')}
      value={value}
      style={{ width: 200 }}
      onChange={onChange}
      options={options}
    />
  );
}

/** A row's member: the id, linked to the member's page, over the member's address. */
export function MemberCell({ id, address }: { id: string; address: string | null }) {
  return (
    <Space orientation="vertical" size={0}>
      <Link to={`/members/${id}`}>{id}</Link>
      <Address value={address} />
    </Space>
  );
}

/** A row's Approve and Reject; Approve is disabled, with `approveBlocked` as its hint, when that is set. */
export function DecisionButtons({
  onApprove,
  onReject,
  approveBlocked,
}: {
  onApprove: () => void;
  onReject: () => void;
  approveBlocked?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      {approveBlocked ? (
        <Tooltip title={approveBlocked}>
          <Button size="small" type="primary" disabled>
            {t('common:approve')}
          </Button>
        </Tooltip>
      ) : (
        <Button size="small" type="primary" onClick={onApprove}>
          {t('common:approve')}
        </Button>
      )}
      <Button size="small" danger onClick={onReject}>
        {t('common:reject')}
      </Button>
    </Space>
  );
}

/**
 * Which row a dialog is open for. `done(text)` is for when its call succeeded: it closes the
 * dialog, says `text`, and refreshes the queue.
 */
export function useRowDialog<T>(refresh: () => Promise<unknown>) {
  const notify = useNotify();
  const [row, setRow] = useState<T | null>(null);
  return {
    row,
    open: (next: T) => setRow(next),
    close: () => setRow(null),
    done: async (text: string) => {
      setRow(null);
      notify.success(text);
      await refresh();
    },
  };
}
