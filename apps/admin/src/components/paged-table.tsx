import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Space, Table } from 'antd';
import type { ColumnsType, TableProps, TableRef } from 'antd/es/table';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, downloadCsv, type Query } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { LoadFailed } from './load-failed';

/** What a paged list answers: the rows of one page, how many in all, and what else it says (`P`). */
export type Page<T> = { list: T[]; total: number };

export type PagedTableProps<T extends object, P extends Page<T> = Page<T>> = {
  queryKey: readonly unknown[];
  path: string;
  query?: Query;
  columns: ColumnsType<T>;
  rowKey: string | ((row: T) => string);
  csvPath?: string;
  pageSize?: number;
  toolbar?: ReactNode;
  expandable?: TableProps<T>['expandable'];
  /** Row events, e.g. a click that opens the row's page. */
  onRow?: TableProps<T>['onRow'];
  /** Given each page the server answers, for what it says beside the rows. */
  onPage?: (page: P) => void;
};

/** A server-paged list: `path` answers `{ list, total }` for `pageNo`/`pageSize` and the query. */
export function PagedTable<T extends object, P extends Page<T> = Page<T>>({
  queryKey,
  path,
  query,
  columns,
  rowKey,
  csvPath,
  pageSize: initialPageSize = 20,
  toolbar,
  expandable,
  onRow,
  onPage,
}: PagedTableProps<T, P>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryText = JSON.stringify(query ?? {});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: initialPageSize, queryText });
  // Another filter starts again at the first page.
  const pageNo = paging.queryText === queryText ? paging.pageNo : 1;
  const pageSize = paging.pageSize;
  const [exporting, setExporting] = useState(false);
  const table = useRef<TableRef>(null);
  const scrollLabel = t('common:tableScroll');
  // A table wider than the page scrolls sideways, and on a page without rows nothing in it takes
  // the focus: the keyboard reaches its hidden columns when the scroller is a tab stop (WCAG 2.1.1).
  useEffect(() => {
    const scroller = table.current?.nativeElement.querySelector<HTMLElement>('.ant-table-content');
    if (!scroller) return;
    if (scroller.scrollWidth > scroller.clientWidth) {
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', scrollLabel);
    } else {
      scroller.removeAttribute('tabindex');
      scroller.removeAttribute('role');
      scroller.removeAttribute('aria-label');
    }
  });

  const page = useQuery({
    queryKey: [...queryKey, query ?? {}, pageNo, pageSize],
    queryFn: () => api.get<P>(path, { ...query, pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (page.data) onPage?.(page.data);
  }, [page.data, onPage]);

  async function exportCsv() {
    if (!csvPath) return;
    setExporting(true);
    try {
      await downloadCsv(csvPath, query);
    } catch (error) {
      notify.error(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {(toolbar || csvPath) && (
        <Flex justify="space-between" align="start" gap={8}>
          <div style={{ flex: '1 1 auto', minWidth: 0 }}>{toolbar}</div>
          {csvPath && (
            <Button onClick={exportCsv} loading={exporting} style={{ flex: 'none' }}>
              {t('common:exportCsv')}
            </Button>
          )}
        </Flex>
      )}
      {page.isError && <LoadFailed error={page.error} onRetry={() => page.refetch()} retrySize="small" />}
      <Table<T>
        ref={table}
        size="middle"
        rowKey={rowKey}
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        expandable={expandable}
        onRow={onRow}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: page.isError ? t('common:loadingFailed') : t('common:empty') }}
        pagination={{
          current: pageNo,
          pageSize,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('common:total', { count: total }),
          onChange: (nextPage, nextSize) =>
            setPaging({ pageNo: nextSize === pageSize ? nextPage : 1, pageSize: nextSize, queryText }),
        }}
      />
    </Space>
  );
}
