import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import {
  INTERVAL_MS,
  type MarketDataSource,
  type SourceCandle,
  type SourceTicker,
} from '../src/modules/market/sources/types.ts';
import type { TestApp } from './app.ts';

/** A source serving the given candles (as an exchange would: filtered by range, ascending, paged). */
export function listSource(
  candles: Record<string, SourceCandle[]>,
  tickers: SourceTicker[] = [],
  name: 'exchange' | 'simulated' = 'exchange',
): MarketDataSource & { candles: Record<string, SourceCandle[]> } {
  return {
    name,
    candles,
    async klines(symbol, interval, startTime, endTime, limit) {
      if (interval !== '1m') return [];
      return (candles[symbol] ?? [])
        .filter((c) => c.openTime >= startTime && c.openTime <= endTime && c.openTime % INTERVAL_MS[interval] === 0)
        .sort((a, b) => a.openTime - b.openTime)
        .slice(0, limit);
    },
    async tickers(symbols) {
      return tickers.filter((t) => symbols.includes(t.symbol));
    },
  };
}

export function candle(
  time: string,
  open: string,
  high: string,
  low: string,
  close: string,
  volume = '1',
): SourceCandle {
  return { openTime: Date.parse(time), open, high, low, close, volume };
}

/** Only these symbols are polled (the others stay in the catalogue, disabled). */
export async function onlySymbols(app: TestApp, ...symbols: string[]) {
  await app.db.execute(sql`update market_symbols set enabled = symbol in ${sql.raw(`('${symbols.join("','")}')`)}`);
}

/** Everything the feed stores, as one fingerprint: equal fingerprints, nothing changed. */
export async function marketFingerprint(app: TestApp) {
  const [row] = await queryRows<{ m: string; h: string; t: string; r: string }>(
    app.db,
    sql`select
          (select count(*)::text || ':' || coalesce(md5(string_agg(concat_ws('|', symbol, open_time, open, high, low, close, volume), ',' order by symbol, open_time)), '') from candles_1m) as m,
          (select count(*)::text || ':' || coalesce(md5(string_agg(concat_ws('|', symbol, open_time, open, high, low, close, volume), ',' order by symbol, open_time)), '') from candles_1h) as h,
          (select count(*)::text || ':' || coalesce(md5(string_agg(concat_ws('|', symbol, price, as_of), ',' order by symbol)), '') from market_tickers) as t,
          (select count(*)::text || ':' || coalesce(md5(string_agg(concat_ws('|', period, start_at, result), ',' order by period, start_at)), '') from rounds) as r`,
  );
  return row;
}

const FIXTURES = path.join(import.meta.dirname, 'fixtures/binance');
const recorded = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));

/** What the replaying exchange does with the next requests. */
export type ReplayMode =
  | 'ok'
  | 'http500'
  | 'http429'
  | 'timeout'
  | 'notJson'
  | 'cutOff'
  | 'notAList'
  | 'highBelowLow'
  | 'negativePrice'
  | 'exponent'
  | 'outOfRange'
  | 'unordered'
  | 'duplicate'
  | 'misaligned'
  | 'tooMany'
  | 'tickerUnknownSymbol'
  | 'tickerBadPrice';

/**
 * A local stand-in for the exchange on 127.0.0.1: it replays recorded Binance v3 answers (test/
 * fixtures/binance), filtering the recorded klines by the request's range and limit as the exchange
 * does, or, per `mode`, answers with an error, never answers in time, or a damaged payload.
 */
export async function replayExchange() {
  const klines = {
    '1m': recorded('klines-BTCUSDT-1m.json') as unknown[][],
    '1h': recorded('klines-BTCUSDT-1h.json') as unknown[][],
  };
  const ticker = recorded('ticker-24hr.json') as Record<string, unknown>[];
  const state = { mode: 'ok' as ReplayMode, requests: [] as string[] };
  const open = new Set<ServerResponse>();

  function damage(rows: unknown[][]): unknown {
    const copy = structuredClone(rows);
    const first = copy[0];
    switch (state.mode) {
      case 'notAList':
        return { code: 0, data: copy };
      case 'highBelowLow':
        if (first) first[2] = '1.00000000';
        return copy;
      case 'negativePrice':
        if (first) first[3] = '-5.00000000';
        return copy;
      case 'exponent':
        if (first) first[4] = '6.5e4';
        return copy;
      case 'outOfRange':
        return [[Number(first?.[0] ?? 0) - 86_400_000, ...(first ?? []).slice(1)], ...copy];
      case 'unordered':
        return copy.reverse();
      case 'duplicate':
        return first ? [first, ...copy] : copy;
      case 'misaligned':
        if (first) first[0] = Number(first[0]) + 1_000;
        return copy;
      case 'tooMany':
        return [...copy, ...copy, ...copy];
      default:
        return copy;
    }
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    state.requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (state.mode === 'timeout') {
      open.add(response);
      return; // never answers: the client's timeout must give up
    }
    if (state.mode === 'http500') return send(500, '{"code":-1000,"msg":"An unknown error occurred."}');
    if (state.mode === 'http429') return send(429, '{"code":-1003,"msg":"Too many requests."}');
    if (state.mode === 'notJson') return send(200, '<html>maintenance</html>');
    if (url.pathname === '/api/v3/klines') {
      const interval = url.searchParams.get('interval') as '1m' | '1h';
      const start = Number(url.searchParams.get('startTime'));
      const end = Number(url.searchParams.get('endTime'));
      const limit = Number(url.searchParams.get('limit') ?? 500);
      const rows = (klines[interval] ?? []).filter((r) => Number(r[0]) >= start && Number(r[0]) <= end).slice(0, limit);
      if (state.mode === 'cutOff') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(rows).slice(0, 100));
        return;
      }
      return send(200, JSON.stringify(damage(rows)));
    }
    if (url.pathname === '/api/v3/ticker/24hr') {
      const symbols = JSON.parse(url.searchParams.get('symbols') ?? '[]') as string[];
      let rows = ticker.filter((t) => symbols.includes(t.symbol as string));
      if (state.mode === 'tickerUnknownSymbol') rows = [...rows, { ...ticker[0], symbol: 'DOGEUSDT' }];
      if (state.mode === 'tickerBadPrice') rows = rows.map((t) => ({ ...t, lastPrice: 'NaN' }));
      return send(200, JSON.stringify(rows));
    }
    send(404, '{"code":-1,"msg":"not found"}');
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
