import {
  type ColdReserve,
  RESERVE_AHEAD_DAYS,
  type ReserveDayRow,
  type ReserveSignatureFile,
} from '@minecloud/contract/console';
import { Alert, Button, Card, Flex, Space, Table, type TableColumnsType, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDecision } from '@/components/decision-modal';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { formatTime, TimeText } from '@/components/time-text';
import { useNotify } from '@/lib/notify';
import { useReserves } from '../api/get-reserves';
import { useRemoveReserve } from '../api/remove-reserve';
import { AddReserveModal } from '../components/add-modal';
import { UploadModal } from '../components/upload-modal';
import { NS } from '../i18n';
import { readSignatureFile } from '../lib/signature-file';

/** One asset's ratio of a published day: below 1 in red, saying so in words. */
function Ratio({ asset }: { asset: ReserveDayRow['assets'][number] }) {
  const { t } = useTranslation(NS);
  if (asset.covered === null) {
    return (
      <Typography.Text type="secondary">
        {asset.asset} {t('noReserves')}
      </Typography.Text>
    );
  }
  if (asset.covered === false) {
    return (
      <Space size={4}>
        <Typography.Text type="danger" strong>
          {asset.asset} {asset.ratio ?? '—'}
        </Typography.Text>
        <Tag color="red">{t('belowOne')}</Tag>
      </Space>
    );
  }
  return (
    <Typography.Text>
      {asset.asset} {asset.ratio ?? '—'}
    </Typography.Text>
  );
}

function Anchor({ row }: { row: ReserveDayRow }) {
  const { t } = useTranslation(NS);
  if (!row.anchor) {
    return (
      <Space orientation="vertical" size={0}>
        <Tag color="warning">{t('anchorNone')}</Tag>
        {row.anchorError && <Typography.Text type="secondary">{row.anchorError}</Typography.Text>}
      </Space>
    );
  }
  return (
    <Space orientation="vertical" size={0}>
      {row.anchor.blockNumber === null ? (
        <Tag color="processing">{t('anchorPending')}</Tag>
      ) : (
        <Tag color="success">{t('anchorMined', { block: row.anchor.blockNumber })}</Tag>
      )}
      <Typography.Text code copyable={{ text: row.anchor.txHash }}>
        {`${row.anchor.txHash.slice(0, 10)}…${row.anchor.txHash.slice(-6)}`}
      </Typography.Text>
    </Space>
  );
}

/** The reserve addresses: the hot wallet, the cold ones with their signed days, and the published days. */
export function ReservesPage() {
  const { t } = useTranslation(NS);
  const confirm = useConfirmDecision();
  const notify = useNotify();
  const reserves = useReserves();
  const remove = useRemoveReserve();
  const [adding, setAdding] = useState(false);
  const [file, setFile] = useState<ReserveSignatureFile | null>(null);
  const [fileProblem, setFileProblem] = useState(false);
  const data = reserves.data;

  async function pick(picked: Blob) {
    const read = await readSignatureFile(picked);
    setFileProblem(read === null);
    setFile(read);
  }

  function confirmRemove(row: ColdReserve) {
    confirm({
      title: t('removeTitle', { label: row.label }),
      content: t('removeText'),
      okText: t('remove'),
      danger: true,
      run: async () => {
        await remove.mutateAsync(row.address);
        notify.success(t('removedDone'));
      },
    });
  }

  const coldColumns: TableColumnsType<ColdReserve> = [
    { title: t('label'), dataIndex: 'label' },
    {
      title: t('address'),
      dataIndex: 'address',
      render: (address: string) => (
        <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
          {address}
        </Typography.Text>
      ),
    },
    { title: t('added'), dataIndex: 'addedAt', render: (value: string) => <TimeText value={value} /> },
    {
      title: t('status'),
      dataIndex: 'removedAt',
      render: (removedAt: string | null) =>
        removedAt ? <Tag>{t('removedAt', { at: formatTime(removedAt) })}</Tag> : <Tag color="green">{t('active')}</Tag>,
    },
    {
      title: t('signedAhead'),
      dataIndex: 'signedAhead',
      render: (count: number, row) => (
        <Space orientation="vertical" size={0}>
          {t('signedAheadValue', { count, days: RESERVE_AHEAD_DAYS })}
          {row.unsignedSoon && <Tag color="orange">{t('unsigned', { day: row.unsignedSoon })}</Tag>}
        </Space>
      ),
    },
    { title: t('lastSigned'), dataIndex: 'lastSignedDay', render: (day: string | null) => day ?? t('none') },
    {
      title: '',
      key: 'actions',
      render: (_, row) =>
        row.removedAt === null && (
          <Button size="small" danger onClick={() => confirmRemove(row)}>
            {t('remove')}
          </Button>
        ),
    },
  ];

  const dayColumns: TableColumnsType<ReserveDayRow> = [
    { title: t('day'), dataIndex: 'day' },
    {
      title: t('ratios'),
      key: 'ratios',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          {row.assets.map((asset) => (
            <Ratio key={asset.asset} asset={asset} />
          ))}
        </Space>
      ),
    },
    { title: t('anchor'), key: 'anchor', render: (_, row) => <Anchor row={row} /> },
    { title: t('published'), dataIndex: 'publishedAt', render: (value: string) => <TimeText value={value} /> },
  ];

  const unsigned = (data?.cold ?? []).filter((c) => c.removedAt === null && c.unsignedSoon !== null);

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      {reserves.isError && <LoadFailed error={reserves.error} onRetry={() => reserves.refetch()} />}
      {unsigned.map((c) => (
        <Alert
          key={c.address}
          type="warning"
          showIcon
          role="alert"
          title={t('unsignedWarning', { label: c.label, day: c.unsignedSoon })}
        />
      ))}
      <Card title={t('hotTitle')} loading={reserves.isPending}>
        {data?.hotWallet ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
              {data.hotWallet}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('chain')} {data.chainId} · {t('hotHint')}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('noHot')}</Typography.Text>
        )}
      </Card>
      <Card
        title={t('coldTitle')}
        extra={
          <Space>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              disabled={!data}
              beforeUpload={(picked) => {
                void pick(picked);
                return false;
              }}
            >
              <Button disabled={!data} title={t('uploadHint')}>
                {t('upload')}
              </Button>
            </Upload>
            <Button type="primary" onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          </Space>
        }
      >
        <Flex vertical gap={12}>
          {fileProblem && <Alert type="error" showIcon role="alert" title={t('notAFile')} />}
          <Table<ColdReserve>
            rowKey="address"
            size="small"
            pagination={false}
            loading={reserves.isPending}
            columns={coldColumns}
            dataSource={data?.cold ?? []}
          />
        </Flex>
      </Card>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('daysTitle')}
      </Typography.Title>
      <Table<ReserveDayRow>
        rowKey="day"
        size="small"
        pagination={false}
        loading={reserves.isPending}
        columns={dayColumns}
        dataSource={data?.days ?? []}
        locale={{ emptyText: t('noDays') }}
      />
      {adding && <AddReserveModal onClose={() => setAdding(false)} />}
      {file && data && <UploadModal file={file} reserves={data} onClose={() => setFile(null)} />}
    </Flex>
  );
}
