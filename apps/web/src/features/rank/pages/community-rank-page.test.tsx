import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { callsTo, page } from '@/test/calls';
import { expectSentToSignIn } from '@/test/list-pages';
import { layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { communityRows, rankServer } from '../testing/rank-fixtures';

const RANK = 'community_ranks/communityRank';

layOutListsInThisFile();
signInBeforeEachTest();

const rows = () => within(screen.getByTestId('community-rank')).getAllByTestId(/^rank-\d+$/);

describe('community rank', () => {
  it("ranks members by whole-team performance, with the reader's place pinned", async () => {
    const fetchMock = rankServer();
    renderApp(paths.teamRank.path);
    await screen.findByTestId('community-rank');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('社区排行');
    const [first, , third] = rows();
    expect(within(first!).getByTestId('rank-place')).toHaveTextContent('1');
    expect(within(first!).getByTestId('rank-value')).toHaveTextContent(/^499,000\.50$/);
    expect(within(third!).getByTestId('rank-address')).toHaveTextContent('0x0003...fff3');
    const mine = screen.getByTestId('my-place-row');
    expect(within(mine).getByTestId('rank-place')).toHaveTextContent('7');
    expect(within(mine).getByTestId('rank-value')).toHaveTextContent(/^321\.99$/);
    expect(callsTo(fetchMock, RANK).map((call) => call.body)).toEqual([{ pageNo: 1, pageSize: 20 }]);
  });

  it('loads the next page at the end of the list', async () => {
    const asked: number[] = [];
    rankServer({
      [`POST /app-api/${RANK}`]: ({ body }) => {
        const { pageNo } = body as { pageNo: number };
        asked.push(pageNo);
        return page(pageNo === 1 ? communityRows(1, 20) : communityRows(21, 1), 21, { mine: null });
      },
    });
    renderApp(paths.teamRank.path);
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(rows()).toHaveLength(21);
    expect(asked).toEqual([1, 2]);
    expect(screen.getByTestId('my-place-none')).toHaveTextContent('暂未上榜');
  });

  it("marks the reader's own row in the list", async () => {
    rankServer({
      [`POST /app-api/${RANK}`]: () =>
        page(communityRows(1, 3), 3, { mine: { rank: 2, address: '0x0002...fff2', teamPerformance: '498000.5' } }),
    });
    renderApp(paths.teamRank.path);
    await screen.findByTestId('community-rank');
    expect(within(screen.getByTestId('community-rank')).getByTestId('rank-2')).toHaveClass('is-mine');
    expect(within(screen.getByTestId('community-rank')).getByTestId('rank-1')).not.toHaveClass('is-mine');
  });

  it('says when nobody is ranked yet', async () => {
    rankServer({ [`POST /app-api/${RANK}`]: () => page([], 0, { mine: null }) });
    renderApp(paths.teamRank.path);
    expect(await screen.findByTestId('community-rank-empty')).toHaveTextContent('暂无排名数据');
  });

  it('sends a signed-out visitor to sign in', async () => {
    rankServer();
    await expectSentToSignIn(paths.teamRank.path);
  });
});
