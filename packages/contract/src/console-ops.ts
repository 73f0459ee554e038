import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './envelope.ts';

/** The console's notice preview, feedback inbox, jobs and audit log. */

/** The operator's notice list: drafts included, optionally of one type. */
export const adminNoticeQuerySchema = pageQuerySchema.extend({ type: z.enum(['notice', 'article']).optional() });
/** The feedback inbox; `unanswered=1` leaves out what has a reply. */
export const feedbackInboxQuerySchema = pageQuerySchema.extend({ unanswered: z.enum(['1', 'true']).optional() });

export const noticePreviewBodySchema = z.object({ contentHtml: z.string().max(200_000) });
/** The HTML as members will see it, after the same sanitizing as saving. */
export const noticePreviewAnswerSchema = z.object({ contentHtml: z.string() });

export const jobInfoSchema = z.object({
  name: z.string(),
  /** The period a run by hand would take without one given. */
  latestPeriod: z.string(),
  lastRun: z
    .object({ period: z.string(), startedAt: z.string(), finishedAt: z.string().nullable(), trigger: z.string() })
    .nullable(),
  /** Periods due and not run yet (a failed run, or days without a jobs process): 0 when up to date. */
  behind: z.number().int().min(0),
  /** The oldest of them, which runs first; null when up to date. */
  oldestMissing: z.string().nullable(),
  /** The retries of that period, when it failed before; null otherwise. */
  retry: z
    .object({
      period: z.string(),
      /** Failed tries so far. */
      attempts: z.number().int().min(1),
      lastError: z.string(),
      lastFailedAt: z.string(),
      /** When it is tried again by itself; null: not before the job's next scheduled start (run it by hand). */
      nextRetryAt: z.string().nullable(),
    })
    .nullable(),
  /**
   * That period waits for something from outside (a network day the chain has not completed, a
   * node that does not answer): why, and since when. Not a failure; asked again every minute.
   */
  waiting: z.object({ period: z.string(), reason: z.string(), since: z.string() }).nullable(),
});
export const jobListSchema = z.object({ list: z.array(jobInfoSchema) });
export const jobRunsQuerySchema = pageQuerySchema.extend({ job: z.string().max(32).optional() });
export const jobRunRowSchema = z.object({
  job: z.string(),
  period: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  result: z.string().nullable(),
  trigger: z.string(),
  /** Which try this run was: 1, or 1 + the failed tries before it. */
  attempt: z.number().int().min(1),
});
export const jobRunPageSchema = pageSchema(jobRunRowSchema);

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const auditQuerySchema = pageQuerySchema.extend({
  /** `operator:alice`, or just `alice`. */
  actor: z.string().trim().max(80).optional(),
  /** An action or its start: `notice.` matches every notice action. */
  action: z.string().trim().max(80).optional(),
  /** Days, inclusive, in UTC. */
  from: dayString.optional(),
  to: dayString.optional(),
});
export const auditRowSchema = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditPageSchema = pageSchema(auditRowSchema);
