import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { callsTo, failure, page } from '@/test/calls';
import { chineseAfterEachTest, layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { performanceRows, rankServer } from '../testing/rank-fixtures';

const RANK = 'user_mining_machines/addPerformanceRank';

layOutListsInThisFile();
signInBeforeEachTest();
chineseAfterEachTest();

const rows = () => within(screen.getByTestId('performance-rank')).getAllByTestId(/^rank-\d+$/);

describe('performance rank', () => {
  it("opens on the last closed day's ranking, with places, addresses, performance and the reader's place", async () => {
    const fetchMock = rankServer();
    renderApp(paths.rank.path);
    await screen.findByTestId('performance-rank');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('业绩排行');
    expect(screen.getByTestId('rank-tab-daily')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('rank-note')).toHaveTextContent('上一个结算日的新增业绩，为最终结果 · 统计日 2024-05-05');
    const [first] = rows();
    expect(within(first!).getByTestId('rank-place')).toHaveTextContent('1');
    expect(within(first!).getByTestId('rank-address')).toHaveTextContent('0x0001...fff1');
    expect(within(first!).getByTestId('rank-value')).toHaveTextContent(/^9,900\.12$/);
    const mine = within(screen.getByTestId('my-place')).getByTestId('my-place-row');
    expect(within(mine).getByTestId('rank-place')).toHaveTextContent('42');
    expect(within(mine).getByTestId('rank-value')).toHaveTextContent(/^88\.88$/);
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(callsTo(fetchMock, RANK).map((call) => call.body)).toEqual([{ type: 'daily', pageNo: 1, pageSize: 20 }]);
  });

  it("switches to today's ranking, sending type new", async () => {
    const fetchMock = rankServer();
    const { router } = renderApp(paths.rank.path);
    await screen.findByTestId('performance-rank');
    await userEvent.click(screen.getByTestId('rank-tab-new'));
    await waitFor(() => expect(screen.getByTestId('rank-note')).toHaveTextContent('统计日 2024-05-06'));
    expect(screen.getByTestId('rank-tab-new')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('rank-note')).toHaveTextContent('今日至今的新增业绩');
    expect(router.state.location.search).toBe('?type=new');
    expect(callsTo(fetchMock, RANK).map((call) => (call.body as { type: string }).type)).toEqual(['daily', 'new']);
  });

  it('loads the next page at the end of the list', async () => {
    const asked: number[] = [];
    rankServer({
      [`POST /app-api/${RANK}`]: ({ body }) => {
        const { pageNo } = body as { pageNo: number };
        asked.push(pageNo);
        return page(pageNo === 1 ? performanceRows(1, 20) : performanceRows(21, 5), 25, {
          day: '2024-05-05',
          mine: null,
        });
      },
    });
    renderApp(paths.rank.path);
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(rows()).toHaveLength(25);
    expect(asked).toEqual([1, 2]);
  });

  it('says when nobody is ranked and the reader is not either', async () => {
    rankServer({ [`POST /app-api/${RANK}`]: () => page([], 0, { day: '2024-05-05', mine: null }) });
    renderApp(paths.rank.href({ type: 'new' }));
    expect(await screen.findByTestId('performance-rank-empty')).toHaveTextContent('暂无排名数据');
    expect(screen.getByTestId('my-place-none')).toHaveTextContent('暂未上榜');
    expect(screen.getByTestId('rank-tab-new')).toHaveAttribute('aria-selected', 'true');
  });

  it('offers a retry when the ranking fails', async () => {
    let fail = true;
    rankServer({
      [`POST /app-api/${RANK}`]: () =>
        fail ? failure : page(performanceRows(1, 1), 1, { day: '2024-05-05', mine: null }),
    });
    renderApp(paths.rank.path);
    expect(await screen.findByTestId('performance-rank-error')).toHaveTextContent('排行加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('names the tabs in Malay', async () => {
    rankServer();
    await changeLocale('ms-MY');
    renderApp(paths.rank.path);
    expect(await screen.findByTestId('rank-tab-daily')).toHaveTextContent('Kedudukan harian');
    expect(screen.getByTestId('rank-tab-new')).toHaveTextContent('Baharu hari ini');
  });

  it('sends a signed-out visitor to sign in, as the ranking shows their own place', async () => {
    useSession.setState({ ...DEFAULT_SESSION });
    const fetchMock = rankServer();
    const { router } = renderApp(paths.rank.path);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
    expect(callsTo(fetchMock, RANK)).toEqual([]);
  });
});
