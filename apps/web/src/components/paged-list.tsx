import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { InfiniteScrollProps } from 'antd-mobile';
import { Button, DotLoading, Skeleton } from 'antd-mobile';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { lazyComponent, useLazyComponent } from '@/lib/lazy-component';
import { useAppNavigate } from '@/lib/navigation';
import './paged-list.css';

// Loaded when the browser is first idle: while the first page is fetched (the list shows its skeleton),
// or, when the rows are there at once, after they have been painted, not before.
const infiniteScroll = lazyComponent<InfiniteScrollProps>(() => import('./infinite-scroll'));

/** A list loads more 50 px before its end. */
export const REACH_BOTTOM_DISTANCE = 50;

type Page<T> = { list: T[]; total: number };

type PagedListProps<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  label: string;
  emptyText: string;
  /** Shown under the empty text: a way to fill the list. */
  emptyAction?: ReactNode;
  failedText: string;
  testId: string;
};

/** The way to fill an empty list (its `emptyAction`): a small button to another page. */
export function EmptyListLink({ to, label, testId }: { to: string; label: string; testId: string }) {
  const { go } = useAppNavigate();
  return (
    <Button
      color="primary"
      fill="outline"
      size="small"
      onClick={() => {
        go(to);
      }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

function ListFooter({ hasMore, failed, retry }: { hasMore: boolean; failed: boolean; retry: () => void }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <span className="paged-list__footer" data-testid="list-failed">
        {t('listError')}
        <button type="button" className="plain-button paged-list__retry" onClick={retry} data-testid="list-retry">
          {t('listRetry')}
        </button>
      </span>
    );
  }
  if (!hasMore) {
    return (
      <span className="paged-list__footer" data-testid="list-finished">
        {t('listFinished')}
      </span>
    );
  }
  return (
    <span className="paged-list__footer" data-testid="list-loading">
      {t('listLoading')}
      <DotLoading color="currentColor" />
    </span>
  );
}

/**
 * A paged list with the spec's list texts: skeleton, then rows; more rows load near the end; a
 * failed page offers 点击重试; a failed first page offers a retry in place.
 */
export function PagedList<T>({
  query,
  renderItem,
  itemKey,
  label,
  emptyText,
  emptyAction,
  failedText,
  testId,
}: PagedListProps<T>) {
  const [InfiniteScroll] = useLazyComponent(infiniteScroll);
  // The rows follow an answer in a transition: TanStack Query hands answers over through an external
  // store, which React renders at once and whole, in one task (a list of cards is a long one on a
  // phone). The urgent render keeps the rows as they were; the new ones render after it, time-sliced.
  // What is shown (rows, skeleton, footer) comes from that one deferred result, so they agree.
  const shown = useDeferredValue(query);
  const data = shown.data;
  if (!data) {
    if (shown.isPending) {
      return (
        <div className="paged-list__skeleton" data-testid={`${testId}-loading`}>
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      );
    }
    return <ErrorState message={failedText} onRetry={() => void query.refetch()} testId={`${testId}-error`} />;
  }
  const items = data.pages.flatMap((page) => page.list);
  if (items.length === 0) {
    return (
      <div className="paged-list__empty" data-testid={`${testId}-empty`}>
        <p>{emptyText}</p>
        {emptyAction}
      </div>
    );
  }
  const loadMore = async () => {
    // A refetch of every page (after a money call) is under way: wait for it rather than race it.
    if (query.isFetching && !query.isFetchingNextPage) return;
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  };
  return (
    <>
      <ul className="paged-list" data-testid={testId} aria-label={label}>
        {items.map((item) => (
          <li key={itemKey(item)} className="paged-list__item">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {InfiniteScroll ? (
        <InfiniteScroll loadMore={loadMore} hasMore={shown.hasNextPage} threshold={REACH_BOTTOM_DISTANCE}>
          {(hasMore, failed, retry) => <ListFooter hasMore={hasMore} failed={failed} retry={retry} />}
        </InfiniteScroll>
      ) : (
        // What InfiniteScroll first shows, until it has loaded.
        <div className="adm-infinite-scroll">
          <ListFooter hasMore={shown.hasNextPage} failed={false} retry={() => {}} />
        </div>
      )}
    </>
  );
}
