import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { PagedList } from './paged-list';

type Row = { id: string };
type Page = { list: Row[]; total: number };

function Rows({ fetchPage }: { fetchPage: () => Promise<Page> }) {
  const query = useInfiniteQuery({
    queryKey: ['rows'],
    queryFn: fetchPage,
    initialPageParam: 1,
    getNextPageParam: () => undefined,
  });
  return (
    <PagedList
      query={query}
      renderItem={(row) => <span data-testid="row">{row.id}</span>}
      itemKey={(row) => row.id}
      label="行"
      emptyText="空"
      failedText="失败"
      testId="rows"
    />
  );
}

describe('a paged list', () => {
  it('renders an answer in a commit after the urgent one: the rows come in a transition', async () => {
    let answer: (page: Page) => void = () => {};
    const fetchPage = () =>
      new Promise<Page>((resolve) => {
        answer = resolve;
      });
    // What each commit left on screen: the skeleton or the rows.
    const commits: string[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Profiler
          id="list"
          onRender={() => {
            const shown = screen.queryByTestId('rows')
              ? 'rows'
              : screen.queryByTestId('rows-loading')
                ? 'skeleton'
                : '?';
            commits.push(`${client.getQueryData(['rows']) ? 'answered' : 'asking'}: ${shown}`);
          }}
        >
          <Rows fetchPage={fetchPage} />
        </Profiler>
      </QueryClientProvider>,
    );
    expect(commits).toEqual(['asking: skeleton']);
    await act(async () => {
      answer({ list: [{ id: 'a' }, { id: 'b' }], total: 2 });
    });
    expect((await screen.findAllByTestId('row')).map((row) => row.textContent)).toEqual(['a', 'b']);
    // TanStack Query hands the answer over through an external store, which React renders at once:
    // that render keeps the skeleton; the rows follow in a render of their own (deferred, time-sliced).
    const answered = commits.filter((commit) => commit.startsWith('answered'));
    expect(answered[0]).toBe('answered: skeleton');
    expect(answered.at(-1)).toBe('answered: rows');
  });
});
