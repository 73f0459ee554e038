import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { callsTo, failure, miningServer } from '../testing/mining-fixtures';

type Answer = { status?: number; body: unknown };

/** 30 settled days, oldest first: nothing for the first 27, then three days of output. */
function thirtyDays(last: string[] = ['0.0001', '0.00005', '0.00020001']) {
  return Array.from({ length: 30 }, (_, i) => ({
    day: `2024-05-${String(i + 1).padStart(2, '0')}`,
    btc: i >= 30 - last.length ? (last[i - (30 - last.length)] ?? '0') : '0',
    hashRate: '95',
  }));
}

function server(overrides: { output?: () => Answer; power?: () => Answer } = {}) {
  return miningServer({
    'POST /app-api/powerOrder': overrides.power ?? (() => ok({ list: [], total: 0, own: '285.5', bonus: '0.0047' })),
    'GET /app-api/user_mining_machines/dailyOutput': overrides.output ?? (() => ok({ list: thirtyDays() })),
    'GET /app-api/transparency/parameters': () =>
      ok({
        current: [
          { key: 'gold.perUsdt', value: '100' },
          { key: 'mining.btcPerThPerDay', value: '0.0000008' },
        ],
        changes: [],
        timeZone: 'Asia/Shanghai',
      }),
  });
}

signInBeforeEachTest();

describe('hash rate', () => {
  it("shows the member's own, bonus and total hash rate, and the network's totals", async () => {
    const fetchMock = server();
    renderApp(paths.power.path);
    expect(await screen.findByTestId('power-own')).toHaveTextContent('285.50');
    // Too small for 2 decimals: it keeps its own places rather than reading 0.00.
    expect(screen.getByTestId('power-bonus')).toHaveTextContent('0.0047');
    // Added exactly: 285.5 + 0.0047.
    expect(screen.getByTestId('power-total')).toHaveTextContent('285.50');
    expect(await screen.findByTestId('network-total')).toHaveTextContent('12345.67');
    expect(screen.getByTestId('black-hole-total')).toHaveTextContent('649.77');
    expect(screen.getByTestId('black-hole-today')).toHaveTextContent('15.00');
    expect(callsTo(fetchMock, 'powerOrder')[0]?.body).toEqual({ pageNo: 1, pageSize: 1 });
  });

  it('draws the last 30 days of BTC output as bars', async () => {
    const fetchMock = server();
    renderApp(paths.power.path);
    const chart = await screen.findByRole('img', { name: /近30日每日BTC产出柱状图/ });
    expect(chart).toHaveAccessibleName(
      expect.stringContaining('合计 0.00035001 BTC，最高 0.00020001 BTC（2024-05-30）'),
    );
    expect(screen.getAllByTestId('output-bar')).toHaveLength(30);
    expect(screen.getByTestId('output-chart-selected')).toHaveTextContent('2024-05-300.00020001 BTC');
    expect(callsTo(fetchMock, 'user_mining_machines/dailyOutput')[0]?.url.searchParams.get('days')).toBe('30');
  });

  it('says so when the miners have earned nothing yet and there is no hash rate to estimate from', async () => {
    server({
      output: () => ok({ list: thirtyDays([]) }),
      power: () => ok({ list: [], total: 0, own: '0', bonus: '0' }),
    });
    renderApp(paths.power.path);
    expect(await screen.findByTestId('output-chart-empty')).toHaveTextContent('暂无产出记录');
    expect(screen.queryByTestId('output-bar')).not.toBeInTheDocument();
  });

  it("shows today's estimate, labelled so, while no day has settled", async () => {
    const fetchMock = server({ output: () => ok({ list: thirtyDays([]) }) });
    renderApp(paths.power.path);
    // 285.5047 TH/s × 0.0000008 BTC per TH/s a day = 0.00022840376 BTC, rounded down to the satoshi.
    const estimate = await screen.findByTestId('output-chart-selected');
    expect(estimate).toHaveTextContent('2024-05-31 （预估）0.00022840 BTC');
    const bars = screen.getAllByTestId('output-bar');
    expect(bars).toHaveLength(31);
    expect(bars.filter((bar) => bar.dataset.estimate).map((bar) => bar.dataset.day)).toEqual(['2024-05-31']);
    expect(Number(bars[30]?.getAttribute('height'))).toBe(124);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      expect.stringContaining('近30日尚无已结算产出，今日预估 0.00022840 BTC（2024-05-31）'),
    );
    expect(screen.getByTestId('output-estimate-note')).toHaveTextContent(
      '尚无已结算的日子：今日柱为预估值，285.50 TH/s × 每TH/s每日 0.0000008 BTC',
    );
    expect(callsTo(fetchMock, 'transparency/parameters')).toHaveLength(1);
  });

  it('asks for no rate once a day has settled', async () => {
    const fetchMock = server();
    renderApp(paths.power.path);
    expect(await screen.findAllByTestId('output-bar')).toHaveLength(30);
    expect(screen.queryByTestId('output-estimate-note')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'transparency/parameters')).toHaveLength(0);
  });

  it('offers a retry when the output or the totals fail to load', async () => {
    let fail = true;
    server({
      output: () => (fail ? failure : ok({ list: thirtyDays() })),
      power: () => (fail ? failure : ok({ list: [], total: 0, own: '1', bonus: '0' })),
    });
    renderApp(paths.power.path);
    expect(await screen.findByTestId('output-chart-error')).toHaveTextContent('产出数据加载失败');
    expect(await screen.findByTestId('my-hash-rate-error')).toHaveTextContent('算力加载失败');
    fail = false;
    for (const button of screen.getAllByTestId('error-retry')) await userEvent.click(button);
    expect(await screen.findAllByTestId('output-bar')).toHaveLength(30);
    expect(await screen.findByTestId('power-own')).toHaveTextContent('1.00');
  });

  it('opens the hash rate details', async () => {
    server();
    const { router } = renderApp(paths.power.path);
    await userEvent.click(await screen.findByTestId('hash-rate-go-details'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.powerDetail.path));
  });
});
