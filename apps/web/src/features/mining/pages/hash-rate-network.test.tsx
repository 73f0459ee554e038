import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { callsTo, failure, miningServer, networkDay } from '../testing/mining-fixtures';

type Answer = { status?: number; body: unknown };

const PAID = networkDay('2024-05-30');
/** The day before adjusted the difficulty inside the day. */
const ADJUSTED = networkDay('2024-05-29', {
  difficulty: { low: '101000000000000.00', high: '102289407543323.80' },
  btcPerTh: '0.0000005',
  settled: { output: 'network', rate: '0.00000049', poolFee: '0.02', members: 3, totalBtc: '0.0014' },
});

/** The member's days: 05-28 at the fixed rate, then two network days, 95 TH/s each. */
const MINE = [
  { day: '2024-05-28', btc: '0.000076', hashRate: '95', settled: { output: 'fixed', rate: '0.0000008' } },
  { day: '2024-05-29', btc: '0.00004655', hashRate: '95', settled: { output: 'network', rate: '0.00000049' } },
  {
    day: '2024-05-30',
    btc: '0.00004769',
    hashRate: '95',
    settled: { output: 'network', rate: '0.0000005020987653' },
  },
];

function parameters(network: boolean) {
  return ok({
    current: [
      { key: 'mining.btcPerThPerDay', value: '0.0000008' },
      { key: 'mining.networkOutput', value: String(network) },
    ],
    changes: [],
    timeZone: 'Asia/Shanghai',
  });
}

function server(over: { network?: () => Answer; output?: () => Answer; networkMode?: boolean } = {}) {
  return miningServer({
    'POST /app-api/powerOrder': () => ok({ list: [], total: 0, own: '95', bonus: '0' }),
    'GET /app-api/user_mining_machines/dailyOutput': over.output ?? (() => ok({ list: MINE })),
    'GET /app-api/transparency/network-days': over.network ?? (() => ok({ list: [ADJUSTED, PAID] })),
    'GET /app-api/transparency/parameters': () => parameters(over.networkMode ?? true),
  });
}

const dayItem = async (day: string) =>
  (await screen.findAllByTestId('network-pay-day')).find((item) => item.dataset.day === day) as HTMLElement;

signInBeforeEachTest();

describe('what the network paid', () => {
  it("shows each network day's figures, the rate paid and the member's output, from a simulated chain", async () => {
    const fetchMock = server();
    renderApp(paths.power.path);
    expect(await screen.findByRole('heading', { name: '网络支付了多少' })).toBeInTheDocument();
    expect(await screen.findByTestId('network-pay-source')).toHaveTextContent('模拟链（演示）');
    const days = await screen.findAllByTestId('network-pay-day');
    // Newest first.
    expect(days.map((item) => item.dataset.day)).toEqual(['2024-05-30', '2024-05-29', '2024-05-28']);
    const paid = await dayItem('2024-05-30');
    expect(paid).toHaveTextContent('2024-05-30 · 按网络支付');
    expect(within(paid).getByTestId('network-pay-difficulty')).toHaveTextContent(/^102289407543323\.80$/);
    expect(within(paid).getByTestId('network-pay-blocks')).toHaveTextContent('144');
    expect(within(paid).getByTestId('network-pay-subsidy')).toHaveTextContent('450 BTC');
    expect(within(paid).getByTestId('network-pay-fees')).toHaveTextContent('28.8 BTC');
    expect(within(paid).getByTestId('network-pay-per-th')).toHaveTextContent('0.0000005123456789 BTC');
    expect(within(paid).getByTestId('network-pay-pool-fee')).toHaveTextContent('2%');
    expect(within(paid).getByTestId('network-pay-rate')).toHaveTextContent('0.0000005020987653 BTC');
    expect(within(paid).getByTestId('network-pay-mine')).toHaveTextContent(
      '95.00 TH/s × 0.0000005020987653 = 0.00004769 BTC',
    );
    // A difficulty that changed inside the day shows its low and high.
    const adjusted = await dayItem('2024-05-29');
    expect(within(adjusted).getByTestId('network-pay-difficulty')).toHaveTextContent(
      '101000000000000.00 – 102289407543323.80',
    );
    expect(callsTo(fetchMock, 'transparency/network-days')[0]?.url.searchParams.get('days')).toBe('30');
  });

  it('says a day paid at the fixed rate was, with none of the network figures', async () => {
    server();
    renderApp(paths.power.path);
    const fixed = await dayItem('2024-05-28');
    expect(fixed.dataset.output).toBe('fixed');
    expect(fixed).toHaveTextContent('2024-05-28 · 按固定费率支付');
    expect(within(fixed).getByTestId('network-pay-fixed')).toHaveTextContent(
      '当日按固定费率支付：每TH/s 0.0000008 BTC，与网络数据无关。',
    );
    expect(within(fixed).queryByTestId('network-pay-difficulty')).not.toBeInTheDocument();
    expect(within(fixed).queryByTestId('network-pay-per-th')).not.toBeInTheDocument();
    expect(within(fixed).getByTestId('network-pay-mine')).toHaveTextContent('95.00 TH/s × 0.0000008 = 0.000076 BTC');
  });

  it('names a Bitcoin node as the source when the days came from one', async () => {
    server({ network: () => ok({ list: [networkDay('2024-05-30', { source: 'node' })] }) });
    renderApp(paths.power.path);
    const source = await screen.findByTestId('network-pay-source');
    expect(source).toHaveTextContent('比特币节点');
    expect(source).not.toHaveTextContent('模拟');
  });

  it("charts the network's BTC per TH/s day by day", async () => {
    server();
    renderApp(paths.power.path);
    const chart = await screen.findByRole('img', { name: '近30日每TH/s的BTC（扣费前）柱状图' });
    expect(chart).toBeInTheDocument();
    // A slot for each of the 30 days that end with the newest; a day not stored has no bar.
    const bars = screen.getAllByTestId('network-rate-bar');
    expect(bars).toHaveLength(30);
    expect([bars[0]?.dataset.day, bars[29]?.dataset.day]).toEqual(['2024-05-01', '2024-05-30']);
    expect(bars.filter((bar) => Number(bar.getAttribute('height')) > 0).map((bar) => bar.dataset.day)).toEqual([
      '2024-05-29',
      '2024-05-30',
    ]);
    // The highest day fills the plot.
    expect(Number(bars[29]?.getAttribute('height'))).toBe(124);
    expect(screen.getByTestId('network-rate-chart-selected')).toHaveTextContent('2024-05-300.0000005123456789 BTC');
  });

  it('says so when no day has settled, and offers a retry when the days fail to load', async () => {
    let fail = true;
    server({ network: () => (fail ? failure : ok({ list: [] })), output: () => ok({ list: [] }) });
    renderApp(paths.power.path);
    expect(await screen.findByTestId('network-pay-error')).toHaveTextContent('网络支付数据加载失败');
    fail = false;
    await userEvent.click(within(screen.getByTestId('network-pay-error')).getByTestId('error-retry'));
    expect(await screen.findByTestId('network-pay-empty')).toHaveTextContent('尚无已结算的日子');
  });
});

describe("today's estimate in the network mode", () => {
  const unsettled = () => ok({ list: [{ day: '2024-05-30', btc: '0', hashRate: '0', settled: null }] });

  it("estimates at the last settled network day's rate, never the fixed rate setting", async () => {
    server({ output: unsettled, network: () => ok({ list: [PAID] }) });
    renderApp(paths.power.path);
    // 95 TH/s × 0.0000005020987653 = 0.00004769 BTC, rounded down.
    expect(await screen.findByTestId('output-chart-selected')).toHaveTextContent('2024-05-31 （预估）0.00004769 BTC');
    const note = screen.getByTestId('output-estimate-note');
    expect(note).toHaveTextContent(
      '95.00 TH/s × 每TH/s每日 0.0000005020987653 BTC（2024-05-30 的网络费率，已扣矿池费）',
    );
    expect(note).not.toHaveTextContent('0.0000008');
  });

  it('makes no estimate before any network day has settled', async () => {
    server({ output: unsettled, network: () => ok({ list: [] }) });
    renderApp(paths.power.path);
    expect(await screen.findByTestId('output-estimate-note')).toHaveTextContent('暂无预估');
    expect(screen.queryByTestId('output-bar')).not.toBeInTheDocument();
    expect(screen.getByTestId('output-estimate-note')).not.toHaveTextContent('0.0000008');
  });

  it('estimates at the fixed rate when the fixed mode is on', async () => {
    server({ output: unsettled, network: () => ok({ list: [PAID] }), networkMode: false });
    renderApp(paths.power.path);
    // 95 × 0.0000008 = 0.000076.
    expect(await screen.findByTestId('output-chart-selected')).toHaveTextContent('2024-05-31 （预估）0.00007600 BTC');
    expect(screen.getByTestId('output-estimate-note')).toHaveTextContent('每TH/s每日 0.0000008 BTC');
  });
});
