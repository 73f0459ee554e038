import type { Product } from '@minecloud/contract/console';
import { Button, Flex, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { Thumbnail } from '@/components/thumbnail';
import { useNotify } from '@/lib/notify';
import { useProducts } from '../api/get-products';
import { type ProductInput, useSaveProduct } from '../api/save-product';
import { ProductDrawer } from '../components/product-drawer';
import { NS } from '../i18n';

function inputOf({ id: _id, ...input }: Product): ProductInput {
  return input;
}

/** Miner products: every product, created and edited in a drawer, put on or off sale in its row. */
export function ProductsPage() {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const products = useProducts();
  const save = useSaveProduct();
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);

  const toggle = (product: Product, active: boolean) => {
    setToggling(product.id);
    save.mutate(
      { id: product.id, input: { ...inputOf(product), active } },
      {
        onSuccess: () => notify.success(active ? t('activated') : t('deactivated')),
        onError: notify.error,
        onSettled: () => setToggling(null),
      },
    );
  };

  const columns: TableColumnsType<Product> = [
    { title: t('sort'), dataIndex: 'sort', width: 72, sorter: (a, b) => a.sort - b.sort, defaultSortOrder: 'ascend' },
    {
      title: t('image'),
      dataIndex: 'image',
      width: 88,
      render: (src: string, row) => <Thumbnail src={src} alt={row.name} />,
    },
    { title: t('name'), dataIndex: 'name' },
    {
      title: `${t('hashRate')} (${t('hashRateUnit')})`,
      dataIndex: 'hashRate',
      align: 'right',
      render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
    },
    {
      title: t('price'),
      dataIndex: 'price',
      align: 'right',
      render: (value: string) => <Amount value={value} asset="USDT" />,
    },
    { title: t('durationDays'), dataIndex: 'durationDays', align: 'right' },
    { title: t('stock'), dataIndex: 'stock', align: 'right' },
    { title: t('minQuantity'), dataIndex: 'minQuantity', align: 'right' },
    {
      title: t('active'),
      dataIndex: 'active',
      render: (active: boolean, row) => (
        <Flex gap={8} align="center">
          <Switch
            size="small"
            checked={active}
            loading={toggling === row.id}
            aria-label={active ? t('deactivate') : t('activate')}
            onChange={(next) => toggle(row, next)}
          />
          <Tag color={active ? 'green' : 'default'}>{active ? t('activeOn') : t('activeOff')}</Tag>
        </Flex>
      ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, row) => (
        <Button size="small" onClick={() => setEditing({ product: row })}>
          {t('common:edit')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('productsTitle')}
        intro={t('productsIntro')}
        extra={
          <Button type="primary" onClick={() => setEditing({ product: null })}>
            {t('newProduct')}
          </Button>
        }
      />
      {products.isError ? (
        <LoadFailed error={products.error} onRetry={() => products.refetch()} />
      ) : (
        <Table<Product>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={products.data?.list ?? []}
          loading={products.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('common:empty') }}
        />
      )}
      {editing && <ProductDrawer product={editing.product} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
