import { ADMIN_API } from '@minecloud/contract/console';
import type { outboxRowSchema } from '@minecloud/contract/content';
import { Alert, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { formatTime, TimeText } from '../../components/time-text.tsx';
import { NS } from './i18n.ts';

type OutboxRow = ReturnType<typeof outboxRowSchema.parse>;

/** The mail outbox, read-only: whether each email left, and its text on demand. */
export function OutboxPage() {
  const { t } = useTranslation(NS);

  const columns: TableColumnsType<OutboxRow> = [
    { title: t('to'), dataIndex: 'to' },
    { title: t('subject'), dataIndex: 'subject' },
    { title: t('common:createdAt'), dataIndex: 'createdAt', render: (value: string) => <TimeText value={value} /> },
    {
      title: t('sentAt'),
      key: 'state',
      render: (_, row) =>
        row.error !== null ? (
          <Tooltip title={row.error}>
            <Tag color="red">{t('failed')}</Tag>
          </Tooltip>
        ) : row.sentAt !== null ? (
          <Tag color="green">{t('sent', { time: formatTime(row.sentAt) })}</Tag>
        ) : (
          <Tag>{t('waiting')}</Tag>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      <PagedTable<OutboxRow>
        queryKey={['mail', 'outbox']}
        path={ADMIN_API.outbox}
        columns={columns}
        rowKey="id"
        expandable={{
          expandedRowRender: (row) => (
            <Flex vertical gap={8}>
              {row.error !== null && <Alert type="error" showIcon title={t('error')} description={row.error} />}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'monospace' }}>
                {row.text}
              </Typography.Paragraph>
            </Flex>
          ),
        }}
      />
    </Flex>
  );
}
