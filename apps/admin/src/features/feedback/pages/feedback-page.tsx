import { Button, Flex, Image, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { Thumbnail } from '@/components/thumbnail';
import { formatTime, TimeText } from '@/components/time-text';
import { feedbackList } from '../api/get-feedback';
import type { FeedbackRow } from '../api/reply-feedback';
import { ReplyModal } from '../components/reply-modal';
import { NS } from '../i18n';

/** Members' feedback, newest first, with their pictures; support replies or edits the reply. */
export function FeedbackPage() {
  const { t } = useTranslation(NS);
  const [unansweredOnly, setUnansweredOnly] = useState(false);
  const [replying, setReplying] = useState<FeedbackRow | null>(null);

  const columns: TableColumnsType<FeedbackRow> = [
    { title: t('common:id'), dataIndex: 'id', width: 72 },
    {
      title: t('common:member'),
      dataIndex: 'userId',
      render: (userId: string) => <Link to={`/members/${encodeURIComponent(userId)}`}>{userId}</Link>,
    },
    {
      title: t('content'),
      dataIndex: 'content',
      width: 320,
      render: (content: string) => (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} ellipsis={{ rows: 4, expandable: true }}>
          {content}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('images'),
      dataIndex: 'images',
      render: (images: string[]) =>
        images.length === 0 ? (
          '-'
        ) : (
          <Image.PreviewGroup>
            <Flex gap={4} wrap>
              {images.map((src, index) => (
                <Thumbnail key={src} src={src} alt={`${t('images')} ${index + 1}`} width={48} height={48} />
              ))}
            </Flex>
          </Image.PreviewGroup>
        ),
    },
    { title: t('common:createdAt'), dataIndex: 'createdAt', render: (value: string) => <TimeText value={value} /> },
    {
      title: t('reply'),
      dataIndex: 'reply',
      width: 320,
      render: (reply: string | null, row) =>
        reply === null ? (
          <Tag color="orange">{t('unanswered')}</Tag>
        ) : (
          <Flex vertical>
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-wrap', margin: 0 }}
              ellipsis={{ rows: 3, expandable: true }}
            >
              {reply}
            </Typography.Paragraph>
            {row.repliedAt && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('repliedAt', { time: formatTime(row.repliedAt) })}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, row) => (
        <Button size="small" type={row.reply === null ? 'primary' : 'default'} onClick={() => setReplying(row)}>
          {row.reply === null ? t('replyAction') : t('editReply')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      <PagedTable<FeedbackRow>
        {...feedbackList}
        query={{ unanswered: unansweredOnly ? '1' : undefined }}
        columns={columns}
        rowKey="id"
        toolbar={
          <Flex gap={8} align="center">
            <Switch checked={unansweredOnly} onChange={setUnansweredOnly} aria-label={t('unansweredOnly')} />
            <span>{t('unansweredOnly')}</span>
          </Flex>
        }
      />
      {replying && <ReplyModal row={replying} onClose={() => setReplying(null)} />}
    </Flex>
  );
}
