import type { MailStatus, outboxRowSchema } from '@minecloud/contract/content';
import { Alert, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { type Page, PagedTable } from '@/components/paged-table';
import { formatTime, TimeText } from '@/components/time-text';
import { outbox } from '../api/get-outbox';
import { NS } from '../i18n';

type OutboxRow = ReturnType<typeof outboxRowSchema.parse>;

const STATUS_COLOR: Record<MailStatus, string> = {
  queued: 'default',
  sending: 'processing',
  sent: 'green',
  failed: 'red',
  undeliverable: 'orange',
  demo: 'purple',
};

/** Where a mail stands, with when it left or when it is tried again. */
function StatusTag({ row }: { row: OutboxRow }) {
  const { t } = useTranslation(NS);
  const tag = (
    <Tag color={STATUS_COLOR[row.status]} data-testid={`mail-status-${row.id}`}>
      {row.status === 'sent' && row.sentAt ? t('sent', { time: formatTime(row.sentAt) }) : t(`status.${row.status}`)}
    </Tag>
  );
  const hint = row.nextAttemptAt && row.attempts > 0 ? t('nextAttempt', { time: formatTime(row.nextAttemptAt) }) : null;
  return hint ? <Tooltip title={hint}>{tag}</Tooltip> : tag;
}

/**
 * The mail outbox, read-only: what each mail is, to whom, in which language, whether it left, how
 * many tries it took and why it failed. A code shows only in demo mode without SMTP, as demo.
 */
export function OutboxPage() {
  const { t } = useTranslation(NS);
  // Only a demo server answers codes: the column (and its warning) shows only then.
  const [demo, setDemo] = useState(false);
  const onPage = useCallback((page: Page<OutboxRow>) => setDemo(page.list.some((row) => row.demoCode)), []);

  const columns: TableColumnsType<OutboxRow> = [
    { title: t('to'), dataIndex: 'to' },
    { title: t('template'), dataIndex: 'template', render: (value: string) => t(`template.${value}`) },
    { title: t('language'), dataIndex: 'locale', render: (value: string) => t(`locale.${value}`) },
    { title: t('common:createdAt'), dataIndex: 'createdAt', render: (value: string) => <TimeText value={value} /> },
    { title: t('status'), key: 'status', render: (_, row) => <StatusTag row={row} /> },
    { title: t('attempts'), dataIndex: 'attempts', align: 'right' },
    {
      title: t('error'),
      dataIndex: 'lastError',
      ellipsis: { showTitle: true },
      render: (value: string | null) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : '-'),
    },
  ];
  const demoColumn: TableColumnsType<OutboxRow>[number] = {
    title: t('demoCode'),
    key: 'demoCode',
    render: (_, row) =>
      row.demoCode ? (
        <Tooltip title={t('demoCodeHint')}>
          <Tag color="purple">
            {t('demoCode')} <Typography.Text code>{row.demoCode}</Typography.Text>
          </Tag>
        </Tooltip>
      ) : (
        '-'
      ),
  };

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      {demo && <Alert type="warning" showIcon title={t('demoCodeHint')} />}
      <PagedTable<OutboxRow>
        {...outbox}
        columns={demo ? [...columns, demoColumn] : columns}
        rowKey="id"
        onPage={onPage}
      />
    </Flex>
  );
}
