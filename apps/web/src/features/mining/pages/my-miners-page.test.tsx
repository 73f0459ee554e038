import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { expectFailedThenEmpty, expectNextPageAtEnd, expectSentToSignIn } from '@/test/list-pages';
import { layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { callsTo, END, miner, miningServer, page } from '../testing/mining-fixtures';

const MINERS = 'user_mining_machines/userMiningMachineInfoList';

type Body = { status?: string; pageNo: number; pageSize: number };

function server(answer: (body: Body) => { status?: number; body: unknown }) {
  return miningServer({ [`POST /app-api/${MINERS}`]: ({ body }) => answer(body as Body) });
}

const rows = () => screen.getAllByTestId(/^my-miner-\d+$/);

layOutListsInThisFile();
signInBeforeEachTest();

describe('my miners', () => {
  it('lists the mining miners with their hash rate, status, period and output', async () => {
    const fetchMock = server(({ status }) =>
      status === 'mining'
        ? page([miner('12', { productName: 'Antminer S21', hashRate: '190.5' }), miner('11')])
        : page([miner('3', { status: 'terminated' })]),
    );
    renderApp(paths.mineList.path);
    expect(await screen.findByTestId('miner-tab-mining')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('miner-tab-terminated')).toHaveTextContent('已终止');
    await waitFor(() => expect(rows()).toHaveLength(2));

    const first = screen.getByTestId('my-miner-12');
    expect(within(first).getByTestId('my-miner-name')).toHaveTextContent('Antminer S21');
    expect(within(first).getByTestId('my-miner-hash-rate')).toHaveTextContent('190.50');
    expect(within(first).getByTestId('my-miner-status')).toHaveTextContent('挖矿中');
    expect(within(first).getByTestId('my-miner-start')).toHaveTextContent('2024-05-03 09:05:07');
    expect(within(first).getByTestId('my-miner-end')).toHaveAttribute('dateTime', END);
    expect(within(first).getByTestId('my-miner-end')).toHaveTextContent('2024-11-01 00:00:00');
    // BTC keeps 8 places, truncated.
    expect(within(first).getByTestId('my-miner-output')).toHaveTextContent('0.00012345 BTC');
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(callsTo(fetchMock, MINERS).map((call) => call.body)).toEqual([
      { status: 'mining', pageNo: 1, pageSize: 10 },
    ]);
  });

  it('shows the terminated miners on 已终止, and only those', async () => {
    const fetchMock = server(({ status }) =>
      status === 'terminated'
        ? page([miner('3', { status: 'terminated', productName: 'Antminer S9' })])
        : page([miner('12'), miner('11')]),
    );
    const { router } = renderApp(paths.mineList.path);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await userEvent.click(screen.getByTestId('miner-tab-terminated'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    const row = screen.getByTestId('my-miner-3');
    expect(within(row).getByTestId('my-miner-status')).toHaveTextContent('已终止');
    expect(within(row).getByTestId('my-miner-name')).toHaveTextContent('Antminer S9');
    expect(screen.getByTestId('miner-tab-terminated')).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?status=terminated');
    expect(callsTo(fetchMock, MINERS).map((call) => (call.body as Body).status)).toEqual(['mining', 'terminated']);

    // Back on 挖矿中, the list is the mining one again.
    await userEvent.click(screen.getByTestId('miner-tab-mining'));
    await waitFor(() => expect(rows().map((item) => item.dataset.testid)).toEqual(['my-miner-12', 'my-miner-11']));
  });

  it('opens on the tab the link names', async () => {
    server(({ status }) => page(status === 'terminated' ? [miner('3', { status: 'terminated' })] : []));
    renderApp(paths.mineList.href({ status: 'terminated' }));
    expect(await screen.findByTestId('my-miner-3')).toBeInTheDocument();
    expect(screen.getByTestId('miner-tab-terminated')).toHaveAttribute('aria-selected', 'true');
  });

  it('loads the next page at the end of the list', () =>
    expectNextPageAtEnd({ path: paths.mineList.path, serve: server, item: miner, rows }));

  it('shows an empty state with the way to the shop, and a failed list with a retry', () =>
    expectFailedThenEmpty({
      path: paths.mineList.path,
      serve: server,
      failed: ['my-miners-error', '矿机加载失败'],
      empty: ['my-miners-empty', '还没有挖矿中的矿机'],
      goTo: ['my-miners-go-shop', paths.second.path],
    }));

  it('sends a signed-out visitor to sign in', async () => {
    server(() => page([]));
    await expectSentToSignIn(paths.mineList.path);
  });
});
