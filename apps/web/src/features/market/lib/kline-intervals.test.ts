import { KLINE_LIMITS } from '@minecloud/contract/market';
import { describe, expect, it } from 'vitest';
import { KLINE_TABS, klineTabOf, symbolParam } from './kline-intervals';

describe('kline tabs', () => {
  it('offers candles from one minute to one month, each within what the server allows', () => {
    expect(KLINE_TABS.map((tab) => [tab.interval, tab.limit])).toEqual([
      ['1m', 240],
      ['5m', 240],
      ['15m', 192],
      ['1h', 240],
      ['4h', 240],
      ['1d', 120],
      ['1w', 104],
      ['1M', 60],
    ]);
    for (const tab of KLINE_TABS) expect(tab.limit).toBeLessThanOrEqual(KLINE_LIMITS[tab.interval]);
  });

  it('opens on daily candles for a missing or unknown interval', () => {
    expect(klineTabOf(null).interval).toBe('1d');
    expect(klineTabOf('2h').interval).toBe('1d');
    expect(klineTabOf('1m').interval).toBe('1m');
    expect(klineTabOf('1M').interval).toBe('1M');
  });
});

describe('symbolParam', () => {
  it('reads a symbol in any case and defaults to BTCUSDT', () => {
    expect(symbolParam('ethusdt')).toBe('ETHUSDT');
    expect(symbolParam(null)).toBe('BTCUSDT');
    expect(symbolParam('../x')).toBe('BTCUSDT');
  });

  it('reads a bare coin as its USDT market', () => {
    expect(symbolParam('btc')).toBe('BTCUSDT');
    expect(symbolParam('SOL')).toBe('SOLUSDT');
  });
});
