import { z } from 'zod';
import { API } from './api-paths.ts';
import { call } from './calls.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';
import { WITHDRAWAL_STATES } from './withdrawal-states.ts';

/**
 * The notification centre: what happened to the member's money and requests. The server
 * keeps no text, only each kind's params; the app renders them in the member's language. Amounts
 * are decimal strings (amount.ts), never numbers. New notices are not notifications: they count as
 * unread until the member sees the notice list (or marks everything read).
 */
export const NOTIFICATION_KINDS = [
  'withdrawal_approved',
  'withdrawal_paid',
  'withdrawal_rejected',
  'referral_reward',
  'pool_payout',
  'mining_output',
  'equity_yield',
  'feedback_replied',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const decimal = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/);
const id = z.string().regex(/^[1-9]\d{0,17}$/);
/** A settlement day, `YYYY-MM-DD` in the settlement time zone. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const withdrawal = { withdrawalId: id, asset: z.enum(['USDT', 'BTC']), amount: decimal };

/** Each kind with its params. A daily kind (`day`) sums that day's credits of its kind. */
export const notificationParamsSchema = z.discriminatedUnion('kind', [
  /** Approved (the last approval it needed): the payout follows. */
  z.object({ kind: z.literal('withdrawal_approved'), params: z.object(withdrawal) }),
  /** Arrived: the payout transaction has its confirmations. */
  z.object({ kind: z.literal('withdrawal_paid'), params: z.object({ ...withdrawal, txHash: z.string() }) }),
  /** Rejected, the amount back in available, with the operator's reason. */
  z.object({ kind: z.literal('withdrawal_rejected'), params: z.object({ ...withdrawal, reason: z.string() }) }),
  /** Referral rewards of a day, in USDT earnings. */
  z.object({
    kind: z.literal('referral_reward'),
    params: z.object({ day, asset: z.literal('USDT'), amount: decimal }),
  }),
  /** A prize-pool round's payout, in gold coins, with the place. */
  z.object({
    kind: z.literal('pool_payout'),
    params: z.object({ day, asset: z.literal('GOLD'), amount: decimal, rank: z.string() }),
  }),
  /** A day's mining output, in BTC earnings. */
  z.object({ kind: z.literal('mining_output'), params: z.object({ day, asset: z.literal('BTC'), amount: decimal }) }),
  /** A day's equity dividends: USDT and BTC earnings (either may be 0). */
  z.object({ kind: z.literal('equity_yield'), params: z.object({ day, usdt: decimal, btc: decimal }) }),
  /** The platform replied to the member's feedback. */
  z.object({ kind: z.literal('feedback_replied'), params: z.object({ feedbackId: id }) }),
]);
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.intersection(
  z.object({
    id: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
    /**
     * A withdrawal kind's withdrawal as it stands now, in the state table of its list
     * (withdrawal-states.ts): an approval on a server that cannot pay says `paused`, as the list
     * does. Null for the other kinds.
     */
    withdrawalState: z.enum(WITHDRAWAL_STATES).nullable(),
  }),
  notificationParamsSchema,
);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageQuerySchema = pageQuerySchema;
export const notificationPageSchema = pageSchema(notificationSchema);

/** Unread notifications, unseen published notices, and both together (the badges). */
export const unreadCountSchema = z.object({
  total: z.number().int(),
  notifications: z.number().int(),
  notices: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationReadBodySchema = z.object({ id });

/** The member's notification centre (paths: `API`): the list, the badges, and marking read. */
export const NOTIFICATION_CALLS = {
  notifications: call({
    method: 'GET',
    path: API.notifications,
    tag: 'notifications',
    summary: "The member's notifications, newest first, paged",
    auth: 'member',
    money: false,
    query: notificationPageQuerySchema,
    answer: notificationPageSchema,
  }),
  notificationUnread: call({
    method: 'GET',
    path: API.notificationUnread,
    tag: 'notifications',
    summary: "The member's unread notifications and unseen notices",
    auth: 'member',
    money: false,
    answer: unreadCountSchema,
  }),
  notificationRead: call({
    method: 'POST',
    path: API.notificationRead,
    tag: 'notifications',
    summary: "Mark one of the member's notifications read",
    auth: 'member',
    money: false,
    body: notificationReadBodySchema,
    answer: unreadCountSchema,
  }),
  notificationReadAll: call({
    method: 'POST',
    path: API.notificationReadAll,
    tag: 'notifications',
    summary: 'Mark every notification and notice read',
    auth: 'member',
    money: false,
    answer: unreadCountSchema,
  }),
  noticesSeen: call({
    method: 'POST',
    path: API.noticesSeen,
    tag: 'notifications',
    summary: 'Mark the published notices seen',
    auth: 'member',
    money: false,
    answer: unreadCountSchema,
  }),
};
