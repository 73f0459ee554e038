import { type AdminBanner, BANNER_PLACES } from '@minecloud/contract/console';
import { Button, Flex, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDecision } from '@/components/decision-modal';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { Thumbnail } from '@/components/thumbnail';
import { VersionTags } from '@/components/version-tabs';
import { useNotify } from '@/lib/notify';
import { useDeleteBanner } from '../api/delete-banner';
import { useBanners } from '../api/get-banners';
import { BannerModal } from '../components/banner-modal';
import { NS } from '../i18n';

type PlaceFilter = AdminBanner['place'] | 'all';

/** Banners of the home carousel and the miner shop: listed by place, edited in a modal, deleted after a confirmation. */
export function BannersPage() {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const confirm = useConfirmDecision();
  const banners = useBanners();
  const remove = useDeleteBanner();
  const [place, setPlace] = useState<PlaceFilter>('all');
  const [editing, setEditing] = useState<{ banner: AdminBanner | null } | null>(null);

  const rows = (banners.data?.list ?? [])
    .filter((banner) => place === 'all' || banner.place === place)
    .sort((a, b) => a.place.localeCompare(b.place) || a.sort - b.sort);

  const confirmDelete = (banner: AdminBanner) =>
    confirm({
      title: t('deleteBannerConfirm', { title: banner.title }),
      content: t('deleteBannerText'),
      okText: t('common:delete'),
      danger: true,
      run: async () => {
        await remove.mutateAsync(banner.id);
        notify.success(t('bannerDeleted'));
      },
    });

  const columns: TableColumnsType<AdminBanner> = [
    {
      title: t('place'),
      dataIndex: 'place',
      render: (value: AdminBanner['place']) => <Tag>{t(`place_${value}`)}</Tag>,
    },
    { title: t('sort'), dataIndex: 'sort', width: 72 },
    {
      title: t('image'),
      dataIndex: 'image',
      width: 88,
      render: (src: string, row) => <Thumbnail src={src} alt={row.title} />,
    },
    { title: t('title'), dataIndex: 'title' },
    {
      title: t('common:versions'),
      dataIndex: 'translations',
      render: (translations: AdminBanner['translations']) => <VersionTags translations={translations} />,
    },
    {
      title: t('link'),
      dataIndex: 'link',
      render: (link: string) => (link ? <Typography.Text code>{link}</Typography.Text> : '-'),
    },
    {
      title: t('active'),
      dataIndex: 'active',
      render: (active: boolean) => (
        <Tag color={active ? 'green' : 'default'}>{active ? t('common:active') : t('common:inactive')}</Tag>
      ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, row) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setEditing({ banner: row })}>
            {t('common:edit')}
          </Button>
          <Button size="small" danger onClick={() => confirmDelete(row)}>
            {t('common:delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('bannersTitle')}
        intro={t('bannersIntro')}
        extra={
          <Button type="primary" onClick={() => setEditing({ banner: null })}>
            {t('newBanner')}
          </Button>
        }
      />
      <Segmented<PlaceFilter>
        value={place}
        onChange={setPlace}
        options={[
          { value: 'all', label: t('placeAll') },
          ...BANNER_PLACES.map((value) => ({ value, label: t(`place_${value}`) })),
        ]}
      />
      {banners.isError ? (
        <LoadFailed error={banners.error} onRetry={() => banners.refetch()} />
      ) : (
        <Table<AdminBanner>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={banners.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('common:empty') }}
        />
      )}
      {editing && (
        <BannerModal
          banner={editing.banner}
          place={place === 'all' ? 'home' : place}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
