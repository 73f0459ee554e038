import { liabilitiesJob } from '../modules/transparency/liabilities.ts';
import { poolJob } from './pool.ts';
import type { JobDefinition } from './runner.ts';
import { settlementJob } from './settlement.ts';

/** Every scheduled job by name (contract JOB_NAMES). */
export const JOBS = { settlement: settlementJob, pool: poolJob, liabilities: liabilitiesJob } satisfies Record<
  string,
  JobDefinition
>;
export type JobName = keyof typeof JOBS;
