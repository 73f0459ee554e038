import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type IngestOptions, type IngestReport, ingestMarket } from './ingest.ts';
import { type RoundsReport, settleRounds } from './rounds.ts';
import { createExchangeSource } from './sources/exchange.ts';
import { createSimulatedSource } from './sources/simulated.ts';
import type { MarketDataSource } from './sources/types.ts';

/**
 * The market feed of this deployment: the exchange at MARKET_SOURCE_URL; else, in the embedded demo,
 * the simulated feed; else none (market pages then say there is no data yet).
 */
export function marketSourceOf(config: Pick<Config, 'marketSourceUrl' | 'demo'>): MarketDataSource | null {
  if (config.marketSourceUrl) return createExchangeSource({ baseUrl: config.marketSourceUrl });
  return config.demo ? createSimulatedSource() : null;
}

/** One poll: candles and tickers, then the rounds that the new candles decide. */
export async function pollMarket(
  db: Db,
  source: MarketDataSource,
  now: Date,
  options: IngestOptions,
): Promise<{ ingest: IngestReport; rounds: RoundsReport }> {
  const ingest = await ingestMarket(db, source, now, options);
  const rounds = await settleRounds(db, now, options);
  return { ingest, rounds };
}
