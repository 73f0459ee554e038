import { NOTICE_TYPES } from '@minecloud/contract/content';
import { Button, Flex, Segmented, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDecision } from '@/components/decision-modal';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { TimeText } from '@/components/time-text';
import { VersionTags } from '@/components/version-tabs';
import { useNotify } from '@/lib/notify';
import type { NoticePage, NoticeQuery, NoticeRow } from '../api/get-notices';
import { noticesList } from '../api/get-notices';
import { useSetPublished } from '../api/set-published';
import { NoticeDrawer } from '../components/notice-drawer';
import { NS } from '../i18n';

/** Notices and articles: drafts and published ones, written in a drawer, published after a confirmation. */
export function NoticesPage() {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const confirm = useConfirmDecision();
  const setPublished = useSetPublished();
  const [editing, setEditing] = useState<{ notice: NoticeRow | null } | null>(null);
  const [type, setType] = useState<NoticeRow['type'] | 'all'>('all');

  const confirmPublished = (notice: NoticeRow, published: boolean) =>
    confirm({
      title: t(published ? 'publishConfirm' : 'unpublishConfirm', { title: notice.title }),
      content: t(published ? 'publishText' : 'unpublishText'),
      okText: published ? t('common:publish') : t('common:unpublish'),
      danger: !published,
      run: async () => {
        await setPublished.mutateAsync({ id: notice.id, published });
        notify.success(published ? t('published') : t('unpublished'));
      },
    });

  const columns: TableColumnsType<NoticeRow> = [
    {
      title: t('type'),
      dataIndex: 'type',
      render: (type: NoticeRow['type']) => <Tag color={type === 'notice' ? 'blue' : 'purple'}>{t(`type_${type}`)}</Tag>,
    },
    { title: t('noticeTitle'), dataIndex: 'title' },
    {
      title: t('common:versions'),
      dataIndex: 'translations',
      render: (translations: NoticeRow['translations']) => <VersionTags translations={translations} />,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (status: NoticeRow['status']) => (
        <Tag color={status === 'published' ? 'green' : 'default'}>{t(`status_${status}`)}</Tag>
      ),
    },
    {
      title: t('popup'),
      dataIndex: 'popup',
      render: (popup: boolean) => (popup ? t('common:yes') : t('common:no')),
    },
    { title: t('publishedAt'), dataIndex: 'publishedAt', render: (value: string | null) => <TimeText value={value} /> },
    { title: t('common:updatedAt'), dataIndex: 'updatedAt', render: (value: string) => <TimeText value={value} /> },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, row) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setEditing({ notice: row })}>
            {t('common:edit')}
          </Button>
          {row.status === 'published' ? (
            <Button size="small" danger onClick={() => confirmPublished(row, false)}>
              {t('common:unpublish')}
            </Button>
          ) : (
            <Button size="small" type="primary" onClick={() => confirmPublished(row, true)}>
              {t('common:publish')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      <PagedTable<NoticeRow, NoticePage>
        {...noticesList}
        query={{ type: type === 'all' ? undefined : type } satisfies NoticeQuery}
        columns={columns}
        rowKey="id"
        toolbar={
          <Flex gap={8} align="center">
            <Segmented<NoticeRow['type'] | 'all'>
              value={type}
              onChange={setType}
              options={[
                { value: 'all', label: t('typeAll') },
                ...NOTICE_TYPES.map((value) => ({ value, label: t(`type_${value}`) })),
              ]}
            />
            <Button type="primary" onClick={() => setEditing({ notice: null })}>
              {t('newNotice')}
            </Button>
          </Flex>
        }
      />
      {editing && <NoticeDrawer notice={editing.notice} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
