import { API } from '@minecloud/contract/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo, failure, page } from '@/test/calls';
import { layOutListsInThisFile } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { round, rounds, roundsServer } from '../testing/round-fixtures';

const ROUNDS = API.rounds;

layOutListsInThisFile();

beforeEach(() => {
  resetNavigationThrottle();
});

afterEach(async () => {
  vi.useRealTimers();
  await changeLocale('zh-CN');
});

const rows = () => screen.getAllByTestId('round-row');
const queries = (fetchMock: ReturnType<typeof roundsServer>) =>
  callsTo(fetchMock, ROUNDS).map((call) => Object.fromEntries(call.url.searchParams));

describe('draw history', () => {
  it('explains where results come from and lists 1-minute rounds with their prices and results', async () => {
    const fetchMock = roundsServer();
    renderApp(paths.drawRecord.path);
    await screen.findByTestId('round-list');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('历史开奖');
    expect(screen.getByTestId('round-tab-1')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('round-tab-1')).toHaveTextContent('1分钟');
    expect(screen.getByTestId('rounds-rule')).toHaveTextContent('没有暗箱开奖');

    const [pending, up, down, flat] = rows();
    expect(within(up!).getByTestId('round-period-no')).toHaveTextContent('第 202611230443 期');
    expect(up).toHaveTextContent('BTCUSDT');
    expect(within(up!).getByTestId('round-time')).toHaveTextContent('2026-11-2307:23–07:24');
    expect(within(up!).getByTestId('round-open')).toHaveTextContent(/^97,000\.12$/);
    expect(within(up!).getByTestId('round-close')).toHaveTextContent(/^97,010\.50$/);
    expect(within(up!).getByTestId('round-result')).toHaveTextContent('涨');
    expect(within(up!).getByTestId('round-result')).toHaveAttribute('data-result', 'up');
    expect(within(down!).getByTestId('round-result')).toHaveTextContent('跌');
    expect(within(flat!).getByTestId('round-result')).toHaveTextContent('平');
    expect(within(up!).queryByTestId('round-pending-note')).not.toBeInTheDocument();

    expect(within(pending!).getByTestId('round-result')).toHaveTextContent('待定');
    expect(within(pending!).getByTestId('round-close')).toHaveTextContent('--');
    expect(within(pending!).getByTestId('round-pending-note')).toHaveTextContent('该轮K线尚未到齐，结果待定，绝不猜测');

    expect(callsTo(fetchMock, ROUNDS)[0]?.init.method).toBe('GET');
    expect(queries(fetchMock)).toEqual([{ period: '1', pageNo: '1', pageSize: '20' }]);
    expect(screen.queryByTestId('simulated-badge')).not.toBeInTheDocument();
  });

  it('switches to 3-minute rounds', async () => {
    const fetchMock = roundsServer();
    const { router } = renderApp(paths.drawRecord.path);
    await screen.findByTestId('round-list');
    await userEvent.click(screen.getByTestId('round-tab-3'));
    await waitFor(() => expect(within(rows()[1]!).getByTestId('round-time')).toHaveTextContent('07:21–07:24'));
    expect(screen.getByTestId('round-tab-3')).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?period=3');
    expect(queries(fetchMock).map((query) => query.period)).toEqual(['1', '3']);
  });

  it('says 模拟行情 when the rounds were decided on simulated prices', async () => {
    roundsServer({ [`GET /app-api/${ROUNDS}`]: () => page([round(0, { source: 'simulated' })]) });
    renderApp(paths.drawRecord.href({ period: 3 }));
    expect(await screen.findByTestId('simulated-badge')).toHaveTextContent('模拟行情');
    expect(screen.getByTestId('round-tab-3')).toHaveAttribute('aria-selected', 'true');
  });

  it('loads older rounds at the end of the list', async () => {
    const asked: string[] = [];
    roundsServer({
      [`GET /app-api/${ROUNDS}`]: ({ url }) => {
        const pageNo = url.searchParams.get('pageNo') ?? '';
        asked.push(pageNo);
        return pageNo === '1' ? page(rounds(0, 20), 22) : page(rounds(20, 2), 22);
      },
    });
    renderApp(paths.drawRecord.path);
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(rows()).toHaveLength(22);
    expect(asked).toEqual(['1', '2']);
  });

  it('asks again every 20 seconds, so a pending round shows its result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let settled = false;
    roundsServer({
      [`GET /app-api/${ROUNDS}`]: () =>
        page([
          settled
            ? round(0, { result: 'down', closePrice: '96000' })
            : round(0, { result: 'pending', closePrice: null }),
        ]),
    });
    renderApp(paths.drawRecord.path);
    expect(await screen.findByTestId('round-result')).toHaveTextContent('待定');
    settled = true;
    await vi.advanceTimersByTimeAsync(20_000);
    await waitFor(() => expect(screen.getByTestId('round-result')).toHaveTextContent('跌'));
    expect(screen.getByTestId('round-close')).toHaveTextContent('96,000.00');
  });

  it('says when there is no round yet, and offers a retry when loading fails', async () => {
    let answer: { status?: number; body: unknown } = failure;
    roundsServer({ [`GET /app-api/${ROUNDS}`]: () => answer });
    renderApp(paths.drawRecord.path);
    expect(await screen.findByTestId('round-list-error')).toHaveTextContent('开奖记录加载失败');
    answer = page([]);
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('round-list-empty')).toHaveTextContent('暂无开奖记录');
  });

  it('names the results in Korean', async () => {
    roundsServer();
    await changeLocale('ko-KR');
    renderApp(paths.drawRecord.path);
    await screen.findByTestId('round-list');
    expect(rows().map((row) => within(row).getByTestId('round-result').textContent)).toEqual([
      '미정',
      '상승',
      '하락',
      '보합',
    ]);
    expect(screen.getByTestId('round-tab-3')).toHaveTextContent('3분');
  });
});
