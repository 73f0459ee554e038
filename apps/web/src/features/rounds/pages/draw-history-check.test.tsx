import { API } from '@minecloud/contract/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo, failure } from '@/test/calls';
import { dialogUser } from '@/test/fixtures/money';
import { layOutListsInThisFile } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { CANDLES_PATH, candlesAnswer, candlesOf, round, roundsServer } from '../testing/round-fixtures';

layOutListsInThisFile();

beforeEach(() => {
  resetNavigationThrottle();
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

const UP_ROUND = 202611230443;

/** Taps the round numbered `periodNo` in the list and waits for its check sheet. */
async function checkRound(periodNo: number) {
  await screen.findByTestId('round-list');
  await dialogUser.click(screen.getByRole('button', { name: `核对第 ${periodNo} 期` }));
  return screen.findByTestId('round-check-sheet');
}

const verdict = () => screen.findByTestId('round-check-verdict');
const candleQueries = (fetchMock: ReturnType<typeof roundsServer>) =>
  callsTo(fetchMock, API.roundCandles).map((call) => Object.fromEntries(call.url.searchParams));

describe('draw history: checking a round against its candles', () => {
  it('fetches the candles of the tapped round and says the recomputed result matches', async () => {
    const fetchMock = roundsServer();
    renderApp(paths.drawRecord.path);
    const sheet = await checkRound(UP_ROUND);
    expect(within(sheet).getByRole('heading', { level: 2 })).toHaveTextContent(`核对第 ${UP_ROUND} 期`);
    expect(await verdict()).toHaveTextContent('已重新计算：结果一致');
    expect(screen.getByTestId('round-check-verdict')).toHaveAttribute('data-tone', 'ok');
    expect(candleQueries(fetchMock)).toEqual([{ period: '1', periodNo: String(UP_ROUND) }]);
    expect(callsTo(fetchMock, API.roundCandles)[0]?.init.method).toBe('GET');

    // Published and recomputed side by side, exactly as the source gave them (not cut to 2 places).
    expect(screen.getByTestId('round-check-open-shown')).toHaveTextContent(/^97,000\.129$/);
    expect(screen.getByTestId('round-check-open-recomputed')).toHaveTextContent(/^97,000\.129$/);
    expect(screen.getByTestId('round-check-close-recomputed')).toHaveTextContent(/^97,010\.5$/);
    expect(screen.getByTestId('round-check-result-recomputed')).toHaveTextContent('涨');
    for (const figure of ['open', 'close', 'result']) {
      expect(screen.getByTestId(`round-check-${figure}`)).toHaveAttribute('data-same', 'true');
      expect(screen.getByTestId(`round-check-${figure}`)).toHaveTextContent('✓ 一致');
    }

    const [candle] = screen.getAllByTestId('round-check-candle');
    expect(screen.getAllByTestId('round-check-candle')).toHaveLength(1);
    expect(candle).toHaveTextContent('07:2397,000.12997,020.7596,990.0197,010.5');
    expect(within(candle!).getAllByRole('cell')[0]).toHaveClass('is-used');
    expect(screen.getByTestId('round-check-source')).toHaveTextContent('交易所行情');
  });

  it('recomputes a 3-minute round from its first minute open and its last minute close', async () => {
    const fetchMock = roundsServer();
    renderApp(paths.drawRecord.href({ period: 3 }));
    await checkRound(UP_ROUND);
    expect(await verdict()).toHaveTextContent('已重新计算：结果一致');
    expect(candleQueries(fetchMock)).toEqual([{ period: '3', periodNo: String(UP_ROUND) }]);
    const candles = screen.getAllByTestId('round-check-candle');
    expect(candles.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['07:21', '07:22', '07:23']);
    const used = screen.getByTestId('round-check-candles').querySelectorAll('.is-used');
    expect([...used].map((cell) => cell.textContent)).toEqual(['97,000.129', '97,010.5']);
  });

  it('says the result differs when the round shows another result than its candles give', async () => {
    const shown = round(1, { result: 'down' });
    roundsServer({ [CANDLES_PATH]: () => candlesAnswer(shown) });
    renderApp(paths.drawRecord.path);
    await checkRound(UP_ROUND);
    expect(await verdict()).toHaveTextContent('已重新计算：结果不一致');
    expect(screen.getByTestId('round-check-verdict')).toHaveAttribute('data-tone', 'bad');
    expect(screen.getByTestId('round-check-result')).toHaveAttribute('data-same', 'false');
    expect(screen.getByTestId('round-check-result')).toHaveTextContent('跌涨✕ 不一致');
    expect(screen.getByTestId('round-check-open')).toHaveAttribute('data-same', 'true');
  });

  it('names the close as what differs when the last minute closed elsewhere', async () => {
    const shown = round(1);
    roundsServer({
      [CANDLES_PATH]: () =>
        candlesAnswer(shown, { candles: candlesOf(shown, { open: '97000.1290', close: '97010.51' }) }),
    });
    renderApp(paths.drawRecord.path);
    await checkRound(UP_ROUND);
    expect(await verdict()).toHaveTextContent('已重新计算：收盘价不一致');
    expect(screen.getByTestId('round-check-close')).toHaveAttribute('data-same', 'false');
    expect(screen.getByTestId('round-check-close-shown')).toHaveTextContent(/^97,010\.5$/);
    expect(screen.getByTestId('round-check-close-recomputed')).toHaveTextContent(/^97,010\.51$/);
    // Trailing zeros are not a difference: the prices compare as exact decimals.
    expect(screen.getByTestId('round-check-open')).toHaveAttribute('data-same', 'true');
  });

  it('says the candles of that day are no longer kept', async () => {
    const shown = round(1);
    roundsServer({ [CANDLES_PATH]: () => candlesAnswer(shown, { candles: [], kept: false }) });
    renderApp(paths.drawRecord.path);
    await checkRound(UP_ROUND);
    expect(await verdict()).toHaveTextContent('该日的1分钟K线已不再保存，无法重新计算');
    expect(screen.getByTestId('round-check-verdict')).toHaveAttribute('data-verdict', 'notKept');
    expect(screen.getByTestId('round-check-open-shown')).toHaveTextContent('97,000.129');
    expect(screen.getByTestId('round-check-open-recomputed')).toHaveTextContent('--');
    expect(screen.queryByTestId('round-check-candles')).not.toBeInTheDocument();
  });

  it('says a pending round waits for its candle', async () => {
    roundsServer();
    renderApp(paths.drawRecord.path);
    await checkRound(UP_ROUND + 1);
    expect(await verdict()).toHaveTextContent('该轮在等待K线，结果待定');
    expect(screen.getByTestId('round-check-no-candles')).toHaveTextContent('暂无K线');
    expect(screen.getByTestId('round-check-result-shown')).toHaveTextContent('待定');
  });

  it('says when a minute of the round is missing', async () => {
    const shown = round(1, { period: 3 });
    roundsServer({ [CANDLES_PATH]: () => candlesAnswer(shown, { candles: candlesOf(shown).slice(0, 2) }) });
    renderApp(paths.drawRecord.href({ period: 3 }));
    await checkRound(UP_ROUND);
    expect(await verdict()).toHaveTextContent('该轮的1分钟K线不全，无法重新计算');
    expect(screen.getAllByTestId('round-check-candle')).toHaveLength(2);
  });

  it('offers a retry when the candles fail to load, and names simulated candles', async () => {
    let fail = true;
    const shown = round(1, { source: 'simulated' });
    roundsServer({ [CANDLES_PATH]: () => (fail ? failure : candlesAnswer(shown, { source: 'simulated' })) });
    renderApp(paths.drawRecord.path);
    await checkRound(UP_ROUND);
    expect(await screen.findByTestId('round-check-error')).toHaveTextContent('K线加载失败');
    fail = false;
    await dialogUser.click(screen.getByTestId('error-retry'));
    expect(await verdict()).toHaveTextContent('已重新计算：结果一致');
    expect(screen.getByTestId('round-check-source')).toHaveTextContent('模拟行情');
  });

  it('links to the Transparency page', async () => {
    roundsServer();
    const { router } = renderApp(paths.drawRecord.path);
    await checkRound(UP_ROUND);
    await dialogUser.click(await screen.findByTestId('round-check-transparency'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.transparency.path));
    expect(router.state.location.search).toBe('?section=totals');
  });

  it('checks in English', async () => {
    roundsServer();
    await changeLocale('en');
    renderApp(paths.drawRecord.path);
    await screen.findByTestId('round-list');
    await dialogUser.click(screen.getByRole('button', { name: `Check round ${UP_ROUND}` }));
    expect(await verdict()).toHaveTextContent('Recomputed: it matches');
  });
});
