import { takeCheckpoint } from '../ledger/check.ts';
import { addDays, dayOf, isDay, startOfDay } from '../lib/calendar.ts';
import {
  type EquityDayPrepared,
  finishEquityDay,
  prepareEquityDay,
  settleEquityChunk,
} from '../modules/equity/yield.ts';
import {
  finishMiningDay,
  type MiningDayPrepared,
  miningDayWait,
  prepareMiningDay,
  settleMiningChunk,
} from '../modules/mining/settlement.ts';
import { closeRound } from '../modules/pool/close-round.ts';
import { orderOwnEvents } from '../modules/stream/relay.ts';
import { takeSnapshot } from '../modules/transparency/liabilities.ts';
import { pruneIdempotencyKeys } from '../money/idempotency.ts';
import type { JobDefinition } from './runner.ts';

/**
 * The daily jobs: when each runs and what it does. The work lives in the modules; this file only
 * schedules and composes it. Each works on the day just ended in the settlement time zone.
 */
const dayJustEnded = (now: Date, timeZone: string) => addDays(dayOf(now, timeZone), -1);

/** What every daily job shares: its periods are days of the settlement time zone, 'YYYY-MM-DD'. */
export const DAILY = {
  periodAt: dayJustEnded,
  isPeriod: isDay,
  nextPeriod: (day: string) => addDays(day, 1),
  periodEnd: (day: string, timeZone: string) => startOfDay(addDays(day, 1), timeZone),
} satisfies Partial<JobDefinition>;

export const settlementJob: JobDefinition = {
  name: 'settlement',
  // 00:00:05 in the settlement time zone: the day just ended.
  schedule: '5 0 0 * * *',
  ...DAILY,
  // A day paid from the network waits for its blocks (modules/network).
  waitFor: miningDayWait,
  // First the day's terminations, the team's roll-up and levels, the rate, the share and the price;
  // then a range of members at a time, each its own transaction: the mining output, then the equity
  // earnings of the day; last the day's record (runner.ts, JobDefinition.chunked).
  chunked: {
    prepare: async (context) => ({
      mining: await prepareMiningDay(context),
      equity: await prepareEquityDay(context),
    }),
    chunk: async (context, prepared, range) => {
      const day = prepared as SettlementPrepared;
      // Two events a member: the chunk gives them their order itself, or the relay would rewrite
      // every one of them after it.
      await orderOwnEvents(context.tx);
      await settleMiningChunk(context, day.mining, range);
      await settleEquityChunk(context, day.equity, range);
    },
  },
  run: async (context, prepared) => {
    const day = prepared as SettlementPrepared;
    return { ...(await finishMiningDay(context, day.mining)), ...(await finishEquityDay(context, day.equity)) };
  },
};
type SettlementPrepared = { mining: MiningDayPrepared; equity: EquityDayPrepared };

export const poolJob: JobDefinition = {
  name: 'pool',
  // 00:01:00 in the settlement time zone: a minute after the day's end, so that purchases that were
  // in flight at midnight have committed and been rolled up.
  schedule: '0 1 0 * * *',
  ...DAILY,
  run: closeRound,
};

export const liabilitiesJob: JobDefinition = {
  name: 'liabilities',
  // 00:02:00 in the settlement time zone, after the settlement (00:00:05) and the pool (00:01:00); the
  // catch-up (jobs/catch-up.ts) also starts it as soon as both of those have finished the day.
  schedule: '0 2 0 * * *',
  // The day's output and prize payouts must be in the balances it publishes.
  after: ['settlement', 'pool'],
  ...DAILY,
  run: takeSnapshot,
};

export const idempotencyJob: JobDefinition = {
  name: 'idempotency',
  // 00:20:00 in the settlement time zone: it needs no other job, and the deletes stay clear of the
  // midnight jobs' own writes.
  schedule: '0 20 0 * * *',
  ...DAILY,
  // Forgets the Idempotency-Keys older than the replay window (idempotency.replayDays).
  run: (context) => pruneIdempotencyKeys(context),
};

export const checkpointJob: JobDefinition = {
  name: 'checkpoint',
  // 00:30:00 in the settlement time zone: it briefly waits for the transactions writing transfers
  // (ledger/check.ts), so it runs well after the midnight jobs' long ones have committed.
  schedule: '0 30 0 * * *',
  ...DAILY,
  // Checks the ledger from the newest checkpoint and, when it holds, records a new one.
  run: takeCheckpoint,
};

/** Every scheduled job by name (contract JOB_NAMES). */
export const JOBS = {
  settlement: settlementJob,
  pool: poolJob,
  liabilities: liabilitiesJob,
  idempotency: idempotencyJob,
  checkpoint: checkpointJob,
} satisfies Record<string, JobDefinition>;
export type JobName = keyof typeof JOBS;
