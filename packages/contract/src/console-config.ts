import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './envelope.ts';
import { SETTING_KINDS } from './settings.ts';

/** The console's settings calls; the settings themselves are declared in settings.ts. */

export { SETTING_KINDS, type SettingKind } from './settings.ts';

const settingChangeSchema = z.object({
  id: z.string(),
  key: z.string(),
  before: z.unknown(),
  value: z.unknown(),
  /** When the value applies: at once, or a chosen later time. */
  effectiveAt: z.string(),
  actor: z.string(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

export const settingRowSchema = z.object({
  key: z.string(),
  kind: z.enum(SETTING_KINDS),
  value: z.unknown(),
  default: z.unknown(),
  isDefault: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Changes chosen for a later time, soonest first. */
  pending: z.array(settingChangeSchema),
  /** A member-facing term: a change takes effect at the next settlement boundary (start of a day). */
  atBoundary: z.boolean(),
});
export type SettingRow = z.infer<typeof settingRowSchema>;
export const settingListSchema = z.object({ list: z.array(settingRowSchema) });
export const settingKeyParamsSchema = z.object({ key: z.string().regex(/^[a-zA-Z.]{3,64}$/) });
export const settingChangeBodySchema = z.object({
  value: z.unknown(),
  /** Absent: now. A time in the past is refused. */
  effectiveAt: z.iso.datetime({ offset: true }).optional(),
});
/**
 * A change of a guarded setting that loosens it waits as a proposal for a second operator
 * (docs/operations.md, "Settings that guard money"): pending until approved, rejected, withdrawn by
 * its proposer, or expired.
 */
export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const settingProposalSchema = z.object({
  id: z.string(),
  key: z.string(),
  /** The value in effect when it was proposed, and the one proposed. */
  before: z.unknown(),
  value: z.unknown(),
  status: z.enum(PROPOSAL_STATUSES),
  /** Usernames of the operators. */
  proposer: z.string(),
  proposedAt: z.string(),
  expiresAt: z.string(),
  /** The time the proposer asked for, if any: the change never applies before it. */
  askedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Approved: when it takes effect. Pending: when it would if approved now (after the delay). */
  effectiveAt: z.string().nullable(),
});
export type SettingProposal = z.infer<typeof settingProposalSchema>;
export const settingProposalListSchema = z.object({ list: z.array(settingProposalSchema) });
/** A PUT answers the change made (plain, or tightening) or the proposal waiting for approval. */
export const settingPutAnswerSchema = z.union([settingProposalSchema, settingChangeSchema]);

export const settingChangesQuerySchema = pageQuerySchema.extend({ key: z.string().max(64).optional() });
export const settingChangePageSchema = pageSchema(settingChangeSchema);
export { settingChangeSchema };
