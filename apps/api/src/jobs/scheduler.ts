import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { observeJob } from '../lib/job-metrics.ts';
import { getSetting } from '../modules/config/settings.ts';
import type { MailWorkerOptions } from '../modules/mail/worker.ts';
import type { IngestOptions } from '../modules/market/ingest.ts';
import { pollMarket } from '../modules/market/poll.ts';
import type { MarketDataSource } from '../modules/market/sources/types.ts';
import type { NetworkSource } from '../modules/network/source.ts';
import type { PushWorkerOptions } from '../modules/push/worker.ts';
import { runTeamRollup } from '../modules/team/rollup.ts';
import { runSolvency } from '../modules/transparency/solvency.ts';
import type { Chain } from '../modules/wallet/chain.ts';
import { runDeposits } from '../modules/wallet/deposits.ts';
import { runPayouts } from '../modules/wallet/payout.ts';
import { catchUp } from './catch-up.ts';
import { JOBS } from './index.ts';
import { startMailWorker } from './mail.ts';
import { startPushWorker } from './push.ts';
import type { JobSources } from './runner.ts';

/** How often the team roll-up runs by default (TEAM_ROLLUP_SECONDS): figures are at most this behind. */
export const TEAM_ROLLUP_INTERVAL_MS = 20_000;
/** How often the period jobs' catch-up runs by default: a failed period is tried again at most this late. */
export const CATCH_UP_INTERVAL_MS = 60_000;
/** Croner pattern (with seconds): a few seconds into every minute, once the exchange closed it. */
const MARKET_POLL_SCHEDULE = '5 * * * * *';

/**
 * Starts everything a jobs process runs (MODE all or worker): the period jobs, the team roll-up, the
 * market feed, the chain follower, the mail worker and the push worker.
 */
export async function startScheduler(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  options: {
    teamRollupMs?: number;
    market?: { source: MarketDataSource; options: IngestOptions } | null;
    chain?: { chain: Chain; pollMs: number } | null;
    /** The mail worker's settings (app.mailWorker); left out, no mail is sent from here. */
    mail?: MailWorkerOptions | null;
    /** The push worker's settings (app.push); left out, nothing is pushed from here. */
    push?: PushWorkerOptions | null;
    /** How often the period jobs' catch-up runs between their scheduled times. */
    catchUpMs?: number;
    /** Where the settlement takes the Bitcoin network's days from (modules/network). */
    network?: NetworkSource | null;
  } = {},
) {
  const periodJobs = await startPeriodJobs(db, clock, log, options.catchUpMs ?? CATCH_UP_INTERVAL_MS, {
    network: options.network ?? null,
  });

  // The team roll-up is not a period job: it takes whatever purchases and newcomers are queued. Every
  // process may tick; its advisory lock makes them take turns, and an empty queue costs one query.
  const rollUp = every(log, options.teamRollupMs ?? TEAM_ROLLUP_INTERVAL_MS, 'team roll-up', async () => {
    const result = await observeJob('team_rollup', () => runTeamRollup(db, clock.now()));
    if (result.deltas > 0) log.debug({ ...result }, 'team rolled up');
  });
  await rollUp.tick();

  // The market feed polls every minute; the first poll (a back-fill on an empty store) is not
  // awaited, so a long one never delays the rest.
  const { market, chain } = options;
  const poll = market && every(log, MARKET_POLL_SCHEDULE, 'market poll', () => pollOnce(db, clock, log, market));
  void poll?.tick();

  // Payouts and deposits: every step is a conditional update, so processes may tick at once.
  const follow = chain && every(log, chain.pollMs, 'chain follow', () => followChain(db, clock, log, chain.chain));

  // Mail leaves only from here, never inside a member's request (jobs/mail.ts).
  const mailWorker = options.mail && startMailWorker(db, log, clock, options.mail);
  const pushWorker = options.push && startPushWorker(db, log, clock, options.push);
  return {
    stop() {
      pushWorker?.stop();
      mailWorker?.stop();
      follow?.stop();
      poll?.stop();
      periodJobs.stop();
      rollUp.stop();
    },
  };
}

/**
 * Runs the period jobs (jobs/index.ts) in every jobs process: a catch-up pass (jobs/catch-up.ts) at
 * start, at each job's scheduled time in the settlement time zone, and every `tickMs`, which also
 * tries failed periods again when their backoff has passed (jobs/retry.ts). The runner's advisory
 * lock and (job, period) row make one process do each period and the others answer `busy` or `done`.
 */
async function startPeriodJobs(db: Db, clock: Clock, log: FastifyBaseLogger, tickMs: number, sources: JobSources) {
  const timeZone = await getSetting(db, 'settlement.timeZone');
  // Passes of one process never overlap; one asked for during a pass runs right after it, so a
  // schedule's time that falls in a long pass is not lost.
  let running: Promise<void> | null = null;
  let asked: string | null = null;
  const take = () => {
    const trigger = asked;
    asked = null;
    return trigger;
  };
  const drain = async () => {
    try {
      for (let next = take(); next !== null; next = take()) {
        try {
          await catchUp(db, clock, log, next, sources);
        } catch (error) {
          log.error({ err: error }, 'job catch-up failed');
        }
      }
    } finally {
      // In the same step as the last look at `asked`: a pass asked for later starts a new drain.
      running = null;
    }
  };
  const pass = (trigger: string): Promise<void> => {
    asked = trigger;
    running ??= drain();
    return running;
  };
  const crons = Object.values(JOBS).map(
    (job) => new Cron(job.schedule, { timezone: timeZone, protect: true }, () => pass('schedule')),
  );
  const ticks = setInterval(() => void pass('tick'), tickMs);
  ticks.unref();
  await pass('startup');
  return {
    stop() {
      clearInterval(ticks);
      for (const cron of crons) cron.stop();
    },
  };
}

async function pollOnce(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  market: { source: MarketDataSource; options: IngestOptions },
) {
  const result = await observeJob('market_poll', () => pollMarket(db, market.source, clock.now(), market.options));
  const failed = result.ingest.symbols.filter((s) => s.error);
  if (failed.length || result.ingest.tickerError)
    log.warn({ failed, tickers: result.ingest.tickerError }, 'market poll incomplete');
  else log.debug({ rounds: result.rounds }, 'market polled');
}

async function followChain(db: Db, clock: Clock, log: FastifyBaseLogger, chain: Chain) {
  const payouts = await observeJob('payouts', () => runPayouts(db, chain));
  const deposits = await observeJob('deposits', () => runDeposits(db, chain, clock.now()));
  const solvency = await observeJob('solvency', () => runSolvency(db, chain, clock.now()));
  if (
    payouts.signed ||
    payouts.arrived ||
    payouts.reverted ||
    payouts.dropped ||
    deposits.credited ||
    solvency.published ||
    solvency.anchored
  )
    log.info({ payouts, deposits, solvency }, 'chain followed');
}

/**
 * Work that repeats: every `when` milliseconds (a timer that does not keep the process up), or on a
 * croner pattern (with seconds, in UTC). A tick while the last one still runs is skipped, so runs
 * never overlap in this process; a failure is logged as `<what> failed` and the next tick tries again.
 */
function every(log: FastifyBaseLogger, when: number | string, what: string, work: () => Promise<void>) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, `${what} failed`);
    } finally {
      running = false;
    }
  };
  if (typeof when === 'string') {
    const cron = new Cron(when, { timezone: 'UTC', protect: true }, () => tick());
    return { tick, stop: () => cron.stop() };
  }
  const timer = setInterval(() => void tick(), when);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
