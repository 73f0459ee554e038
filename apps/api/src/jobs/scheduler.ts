import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { observeJob } from '../lib/job-metrics.ts';
import { getSetting } from '../modules/config/settings.ts';
import type { MailWorkerOptions } from '../modules/mail/worker.ts';
import type { IngestOptions } from '../modules/market/ingest.ts';
import type { MarketDataSource } from '../modules/market/sources/types.ts';
import { runTeamRollup } from '../modules/team/rollup.ts';
import type { Chain } from '../modules/wallet/chain.ts';
import { runDeposits } from '../modules/wallet/deposits.ts';
import { runPayouts } from '../modules/wallet/payout.ts';
import { JOBS } from './index.ts';
import { startMailWorker } from './mail.ts';
import { MARKET_POLL_SCHEDULE, pollMarket } from './market.ts';
import { type JobDefinition, periodsDone, runJob } from './runner.ts';

/**
 * Runs every job on its schedule in the settlement time zone, in every process that has jobs on
 * (MODE all or worker): the runner's advisory lock and (job, period) key make one of them do the
 * work and the others answer `busy` or `done`. At start, each job's latest period is run too, so a
 * period missed while no process was up is caught up.
 */
/** How often the team roll-up runs by default (TEAM_ROLLUP_SECONDS): figures are at most this behind. */
export const TEAM_ROLLUP_INTERVAL_MS = 20_000;

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
  } = {},
) {
  const timeZone = await getSetting(db, 'settlement.timeZone');
  const fire = async (job: JobDefinition, trigger: string): Promise<void> => {
    const now = clock.now();
    const period = job.periodAt(now, timeZone);
    try {
      const outcome = await runJob(db, job, period, { now, trigger });
      if (outcome.ran) log.info({ job: job.name, period, result: outcome.result }, 'job ran');
      else log.debug({ job: job.name, period, reason: outcome.reason }, 'job skipped');
      if (outcome.ran) {
        for (const next of Object.values(JOBS) as JobDefinition[]) {
          if (next.after?.includes(job.name) && (await periodsDone(db, next.after, period)))
            await fire(next, `after ${job.name}`);
        }
      }
    } catch (error) {
      log.error({ err: error, job: job.name, period }, 'job failed');
    }
  };
  const crons = Object.values(JOBS).map(
    (job) => new Cron(job.schedule, { timezone: timeZone, protect: true }, () => fire(job, 'schedule')),
  );
  for (const job of Object.values(JOBS)) await fire(job, 'startup');

  // The team roll-up is not a period job: it takes whatever purchases and newcomers are queued. Every
  // process may tick; its advisory lock makes them take turns, and an empty queue costs one query.
  let rolling = false;
  const rollUp = async () => {
    if (rolling) return;
    rolling = true;
    try {
      const result = await observeJob('team_rollup', () => runTeamRollup(db, clock.now()));
      if (result.deltas > 0) log.debug({ ...result }, 'team rolled up');
    } catch (error) {
      log.error({ err: error }, 'team roll-up failed');
    } finally {
      rolling = false;
    }
  };
  await rollUp();
  const ticker = setInterval(() => void rollUp(), options.teamRollupMs ?? TEAM_ROLLUP_INTERVAL_MS);
  ticker.unref();

  // The market feed polls every minute; the first poll (a back-fill on an empty store) is not
  // awaited, so a long one never delays the rest. Polls never overlap within a process.
  const market = options.market;
  let polling = false;
  const poll = async () => {
    if (!market || polling) return;
    polling = true;
    try {
      const result = await observeJob('market_poll', () => pollMarket(db, market.source, clock.now(), market.options));
      const failed = result.ingest.symbols.filter((s) => s.error);
      if (failed.length || result.ingest.tickerError)
        log.warn({ failed, tickers: result.ingest.tickerError }, 'market poll incomplete');
      else log.debug({ rounds: result.rounds }, 'market polled');
    } catch (error) {
      log.error({ err: error }, 'market poll failed');
    } finally {
      polling = false;
    }
  };
  const marketCron = market ? new Cron(MARKET_POLL_SCHEDULE, { timezone: 'UTC', protect: true }, () => poll()) : null;
  void poll();

  // Payouts and deposits: every step is a conditional update, so processes may tick at once.
  const onChain = options.chain;
  let following = false;
  const follow = async () => {
    if (!onChain || following) return;
    following = true;
    try {
      const payouts = await observeJob('payouts', () => runPayouts(db, onChain.chain));
      const deposits = await observeJob('deposits', () => runDeposits(db, onChain.chain, clock.now()));
      if (payouts.signed || payouts.arrived || payouts.reverted || payouts.dropped || deposits.credited)
        log.info({ payouts, deposits }, 'chain followed');
    } catch (error) {
      log.error({ err: error }, 'chain follow failed');
    } finally {
      following = false;
    }
  };
  const chainTicker = onChain ? setInterval(() => void follow(), onChain.pollMs) : null;
  chainTicker?.unref();

  // Mail leaves only from here, never inside a member's request (jobs/mail.ts).
  const mailWorker = options.mail && startMailWorker(db, log, clock, options.mail);
  return {
    stop() {
      mailWorker?.stop();
      if (chainTicker) clearInterval(chainTicker);
      marketCron?.stop();
      for (const cron of crons) cron.stop();
      clearInterval(ticker);
    },
  };
}
