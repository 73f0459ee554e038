import type { PoolRound } from '@minecloud/contract/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { page } from '@/test/calls';
import { chineseAfterEachTest, layOutListsInThisFile } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { poolRound, poolServer } from '../testing/pool-fixtures';

const HISTORY = paths.prizePool.href({ tab: 'history' });
const writeText = vi.fn<(text: string) => Promise<void>>();

layOutListsInThisFile();

beforeEach(() => {
  resetNavigationThrottle();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

chineseAfterEachTest();

/** The history answering one round, the fixture's with `over` applied. */
function showRound(over: Partial<PoolRound> = {}) {
  return poolServer({ 'GET /app-api/prizePool/history': () => page([poolRound('2024-05-05', over)]) });
}

/** Opens the check of the round of 2024-05-05. */
async function openCheck() {
  const round = await screen.findByTestId('pool-round-2024-05-05');
  const toggle = within(round).getByTestId('pool-check-toggle');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return within(round).getByTestId('pool-check-panel');
}

const CHECKS = ['pool', 'weights-followed', 'weights', 'paid', 'accounted', 'transfers'] as const;
const passed = (panel: HTMLElement) =>
  CHECKS.map((name) => within(panel).getByTestId(`pool-check-${name}`).getAttribute('data-passed'));

describe('prize pool history: checking a closed round', () => {
  it('recomputes a round that adds up, every check passed, with the figures it used', async () => {
    showRound();
    renderApp(HISTORY);
    const round = await screen.findByTestId('pool-round-2024-05-05');
    // The verdict shows while the check is folded.
    expect(within(round).getByTestId('pool-check-verdict')).toHaveTextContent('✓ 全部通过');
    expect(within(round).getByTestId('pool-check-toggle')).toHaveAttribute('aria-expanded', 'false');
    expect(within(round).queryByTestId('pool-check-panel')).not.toBeInTheDocument();

    const panel = await openCheck();
    expect(passed(panel)).toEqual(['true', 'true', 'true', 'true', 'true', 'true']);
    expect(
      within(panel)
        .getAllByTestId('pool-check-status')
        .map((status) => status.textContent),
    ).toEqual(['通过', '通过', '通过', '通过', '通过', '通过']);
    expect(within(panel).getByTestId('pool-check-weights-in-force')).toHaveTextContent('40% · 25%');
    expect(within(panel).getByTestId('pool-check-pool')).toHaveTextContent(
      '奖池 1,000.01 = 上轮滚入 200.00 + 本轮注入 800.01',
    );
    expect(within(panel).getByTestId('pool-check-weights')).toHaveTextContent('每个获奖名次获得 ⌊奖池 × 比例 ÷ 100⌋');
    expect(within(panel).getByTestId('pool-check-place-1')).toHaveTextContent('第1名 40%：应得 400.00，实得 400.00');
    expect(within(panel).getByTestId('pool-check-place-2')).toHaveTextContent('第2名 25%：应得 250.00，实得 250.00');
    // A place that won nothing is not one of the winning places.
    expect(within(panel).queryByTestId('pool-check-place-3')).not.toBeInTheDocument();
    expect(within(panel).getByTestId('pool-check-paid')).toHaveTextContent('各名次所得合计 650.00 = 已派发 650.00');
    expect(within(panel).getByTestId('pool-check-accounted')).toHaveTextContent(
      '奖池 1,000.01 = 已派发 650.00 + 舍入余数 0.01 + 滚入下轮 350.00',
    );
    expect(within(panel).getByTestId('pool-check-transfers')).toHaveTextContent('每个获奖名次都注明了账本转账编号');

    await userEvent.click(within(round).getByTestId('pool-check-toggle'));
    expect(within(round).queryByTestId('pool-check-panel')).not.toBeInTheDocument();
  });

  it('fails the weights check when a place was paid one unit short', async () => {
    const [first, second, third] = poolRound('2024-05-05').ranking;
    // 249.99 where 250.00 was due: paid and rounding still add up, only the split is wrong.
    showRound({ ranking: [first!, { ...second!, amount: '249.99' }, third!], paid: '649.99', rounding: '0.02' });
    renderApp(HISTORY);
    const round = await screen.findByTestId('pool-round-2024-05-05');
    expect(within(round).getByTestId('pool-check-verdict')).toHaveTextContent('✕ 1 项未通过');
    const panel = await openCheck();
    expect(passed(panel)).toEqual(['true', 'true', 'false', 'true', 'true', 'true']);
    expect(within(panel).getByTestId('pool-check-weights')).toHaveTextContent('未通过');
    const place = within(panel).getByTestId('pool-check-place-2');
    expect(place).toHaveTextContent('第2名 25%：应得 250.00，实得 249.99');
    expect(place).toHaveAttribute('data-same', 'false');
    expect(within(panel).getByTestId('pool-check-place-1')).toHaveAttribute('data-same', 'true');
  });

  it('fails the transfers check when a paid place names no transfer', async () => {
    const [first, ...rest] = poolRound('2024-05-05').ranking;
    showRound({ ranking: [{ ...first!, transferId: null }, ...rest] });
    renderApp(HISTORY);
    const round = await screen.findByTestId('pool-round-2024-05-05');
    expect(within(round).getByTestId('pool-check-verdict')).toHaveTextContent('✕ 1 项未通过');
    const panel = await openCheck();
    expect(passed(panel)).toEqual(['true', 'true', 'true', 'true', 'true', 'false']);
    expect(within(panel).getByTestId('pool-check-transfers')).toHaveTextContent('第1名缺少转账编号');
    expect(within(panel).getByTestId('pool-check-transfers')).toHaveTextContent('未通过');
  });

  it('fails the sums when the payouts do not add up to what was paid', async () => {
    showRound({ paid: '651' });
    renderApp(HISTORY);
    const panel = await openCheck();
    expect(passed(panel)).toEqual(['true', 'true', 'true', 'false', 'false', 'true']);
    expect(within(panel).getByTestId('pool-check-paid')).toHaveTextContent('各名次所得合计 650.00 = 已派发 651.00');
    expect(screen.getByTestId('pool-check-verdict')).toHaveTextContent('✕ 2 项未通过');
  });

  it('fails the weights-in-force check when a place’s share is not its rank’s weight', async () => {
    // Three winning places in force, but the third participant shown at 0%.
    showRound({ weights: [40, 25, 15] });
    renderApp(HISTORY);
    const panel = await openCheck();
    expect(passed(panel)).toEqual(['true', 'false', 'true', 'true', 'true', 'true']);
    expect(within(panel).getByTestId('pool-check-weights-followed')).toHaveTextContent('未通过');
  });

  it('copies a payout transfer id on a tap', async () => {
    showRound();
    renderApp(HISTORY);
    const round = await screen.findByTestId('pool-round-2024-05-05');
    const transfer = within(within(round).getByTestId('pool-round-rank-2')).getByRole('button', {
      name: '复制转账编号 9002',
    });
    expect(transfer).toHaveTextContent('转账编号 9002');
    await userEvent.click(transfer);
    expect(writeText).toHaveBeenCalledWith('9002');
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
  });

  it('links to the Transparency page', async () => {
    showRound();
    const { router } = renderApp(HISTORY);
    const panel = await openCheck();
    await userEvent.click(within(panel).getByTestId('pool-check-transparency'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.transparency.path));
    expect(router.state.location.search).toBe('?section=totals');
  });

  it('checks in Korean', async () => {
    showRound();
    await changeLocale('ko-KR');
    renderApp(HISTORY);
    const round = await screen.findByTestId('pool-round-2024-05-05');
    expect(within(round).getByTestId('pool-check-verdict')).toHaveTextContent('모두 통과');
    const panel = await openCheck();
    expect(within(panel).getByTestId('pool-check-place-1')).toHaveTextContent(
      '1위 40%: 받을 금액 400.00, 받은 금액 400.00',
    );
  });
});
