import { formatAmount } from '@minecloud/contract/amount';
import { dailySatoshis, parseHashRate } from '@minecloud/contract/miner';
import { networkDayRate, subsidyAt } from '@minecloud/contract/network-day';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { callsTo, failure } from '@/test/calls';
import { signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { transparencyServer } from '../testing/transparency-fixtures';

const PAGE = paths.transparency.href({ section: 'network' });
const DAY = '2026-12-02';
const EARLIER = '2026-12-01';

/** Three blocks of a day: two before a retarget, one after, with their fees (satoshis). */
const BLOCKS = [
  { height: 870_000, bits: '17034219', fees: 12_345_678n },
  { height: 870_001, bits: '17034219', fees: 9_000_000n },
  { height: 870_002, bits: '1702f128', fees: 21_000_001n },
].map((block, index) => ({
  height: block.height,
  hash: `${'0'.repeat(8)}${String(index).padStart(56, 'a')}`,
  time: 1_764_604_800 + index * 600,
  bits: block.bits,
  subsidy: String(subsidyAt(block.height)),
  fees: String(block.fees),
}));
const RATE = networkDayRate(
  BLOCKS.map((block) => ({ bits: block.bits, subsidy: BigInt(block.subsidy), fees: BigInt(block.fees) })),
  '0.02',
);
if (!RATE) throw new Error('no rate');
/** 95 TH/s × the day's rate, rounded down to the satoshi: what the member was credited. */
const CREDITED = formatAmount(dailySatoshis(parseHashRate('95') as bigint, RATE.rate), 'BTC');

function summary(day: string, rate = RATE?.rate ?? '') {
  return {
    day,
    source: 'simulated',
    firstHeight: 870_000,
    lastHeight: 870_002,
    blocks: 3,
    subsidy: '9.375',
    fees: '0.42345679',
    difficulty: { low: '101000000000000.00', high: '102289407543323.80' },
    work: String(RATE?.work),
    btcPerTh: RATE?.grossRate ?? '',
    settled: { output: 'network', rate, poolFee: '0.02', members: 2, totalBtc: '0.001' },
  };
}

function server(over: { rate?: string; credited?: string; fail?: () => boolean; work?: string } = {}) {
  const days = [summary(EARLIER), { ...summary(DAY, over.rate), ...(over.work ? { work: over.work } : {}) }];
  return transparencyServer(
    {},
    {
      'GET /app-api/transparency/network-days': () => (over.fail?.() ? failure : ok({ list: days })),
      'GET /app-api/transparency/network-day': ({ url }) => {
        const day = days.find((item) => item.day === url.searchParams.get('day'));
        return day ? ok({ ...day, blockList: BLOCKS }) : failure;
      },
      'GET /app-api/user_mining_machines/dailyOutput': () =>
        ok({
          list: [
            { day: EARLIER, btc: '0', hashRate: '0', settled: { output: 'network', rate: RATE?.rate } },
            {
              day: DAY,
              btc: over.credited ?? CREDITED,
              hashRate: '95',
              settled: { output: 'network', rate: over.rate ?? RATE?.rate },
            },
          ],
        }),
    },
  );
}

signInBeforeEachTest();

describe("transparency: check a day's mining output", () => {
  it("recomputes the newest network day from its blocks, and the member's credited output", async () => {
    const fetchMock = server();
    renderApp(PAGE);
    const check = await screen.findByTestId('network-check-result');
    expect(screen.getByTestId('network-check-day')).toHaveValue(DAY);
    expect(within(check).getByTestId('network-check-source')).toHaveTextContent('模拟链（演示）');
    expect(within(check).getByTestId('network-check-blocks')).toHaveTextContent('3 个（高度 870000 至 870002）');
    // 3 × 3.125 BTC of subsidy, and the fees.
    expect(within(check).getByTestId('network-check-paid')).toHaveTextContent('9.375 + 0.42345679 = 9.79845679 BTC');
    expect(within(check).getByTestId('network-check-work')).toHaveTextContent(String(RATE.work));
    expect(within(check).getByTestId('network-check-chainwork')).toHaveTextContent(
      `区块 870002 的 chainwork 减去区块 869999 的 chainwork（十六进制 0x${RATE.work.toString(16)}）`,
    );
    // A simulated day is on no Bitcoin node: the page says so, and asks no node of the member.
    expect(within(check).getByTestId('network-check-chainwork')).toHaveTextContent(
      '任何比特币节点或区块浏览器上都没有',
    );
    expect(within(check).queryByTestId('network-check-totals')).not.toBeInTheDocument();
    expect(within(check).getByTestId('network-check-pool-fee')).toHaveTextContent('2%');
    const verdict = within(check).getByTestId('network-check-verdict');
    expect(verdict).toHaveAttribute('data-match', 'true');
    expect(verdict).toHaveTextContent('一致：支付的费率正是这些区块得出的费率');
    const output = await within(check).findByTestId('network-check-mine');
    expect(output).toHaveTextContent(`95.00 TH/s × ${RATE.rate.replace(/0+$/, '')} = ${CREDITED} BTC`);
    const mine = within(check).getByTestId('network-check-mine-verdict');
    expect(mine).toHaveAttribute('data-match', 'true');
    expect(mine).toHaveTextContent(`一致：你获得的正是 ${CREDITED} BTC`);
    expect(screen.getByTestId('network-check-cli')).toHaveTextContent(
      `npm run network:verify -- --day ${DAY} --server http://localhost`,
    );
    expect(screen.getByTestId('network-check-cli')).not.toHaveTextContent('--rpc');
    expect(callsTo(fetchMock, 'transparency/network-day')[0]?.url.searchParams.get('day')).toBe(DAY);
  });

  it('says so, plainly, when the rate paid is not the one the blocks give', async () => {
    // A planted rate one ten-millionth of a satoshi too high, and the member credited a satoshi more.
    const planted = (BigInt(RATE.rate.replace('0.', '')) + 1n).toString().padStart(16, '0');
    const credited = formatAmount(dailySatoshis(parseHashRate('95') as bigint, RATE.rate) + 1n, 'BTC');
    server({ rate: `0.${planted}`, credited });
    renderApp(PAGE);
    const verdict = await screen.findByTestId('network-check-verdict');
    expect(verdict).toHaveAttribute('data-match', 'false');
    expect(verdict).toHaveTextContent('不一致：支付的费率与这些区块得出的费率不同');
    expect(screen.getByTestId('network-check-paid-rate')).toHaveTextContent(`0.${planted}`.replace(/0+$/, ''));
    const mine = await screen.findByTestId('network-check-mine-verdict');
    expect(mine).toHaveAttribute('data-match', 'false');
    expect(mine).toHaveTextContent(`不一致：你获得的是 ${credited} BTC`);
  });

  it("says so when the day's published totals are not its blocks'", async () => {
    server({ work: String(RATE.work + 1n) });
    renderApp(PAGE);
    expect(await screen.findByTestId('network-check-totals')).toHaveTextContent('公布的当日合计与其区块不符');
    expect(screen.getByTestId('network-check-totals')).toHaveAttribute('data-match', 'false');
  });

  it('recomputes the day for a visitor too, and asks them to sign in for their own output', async () => {
    useSession.setState({ ...DEFAULT_SESSION });
    const fetchMock = server();
    renderApp(PAGE);
    expect(await screen.findByTestId('network-check-verdict')).toHaveAttribute('data-match', 'true');
    expect(screen.getByTestId('network-check-sign-in')).toHaveTextContent('登录后还可以核对你自己当日的产出');
    expect(callsTo(fetchMock, 'user_mining_machines/dailyOutput')).toHaveLength(0);
  });

  it('checks another day when one is picked, and a day the member had no hash rate says so', async () => {
    const fetchMock = server();
    renderApp(PAGE);
    await screen.findByTestId('network-check-result');
    await userEvent.selectOptions(screen.getByTestId('network-check-day'), EARLIER);
    expect(await screen.findByTestId('network-check-mine-none')).toHaveTextContent('你当日没有算力');
    expect(screen.getByTestId('network-check-verdict')).toHaveAttribute('data-match', 'true');
    expect(callsTo(fetchMock, 'transparency/network-day').map((call) => call.url.searchParams.get('day'))).toEqual([
      DAY,
      EARLIER,
    ]);
  });

  it('says when no day was paid from the network yet, and offers a retry when the days fail', async () => {
    let fail = true;
    transparencyServer({}, { 'GET /app-api/transparency/network-days': () => (fail ? failure : ok({ list: [] })) });
    renderApp(PAGE);
    expect(await screen.findByTestId('network-check-error')).toHaveTextContent('网络日数据加载失败');
    fail = false;
    await userEvent.click(within(screen.getByTestId('network-check-error')).getByTestId('error-retry'));
    expect(await screen.findByTestId('network-check-empty')).toHaveTextContent('尚无按网络支付的日子');
  });
});
