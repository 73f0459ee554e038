import { z } from 'zod';
import { API } from './api-paths.ts';
import { call } from './calls.ts';
import { LOCALES } from './locales.ts';
import type { NotificationKind } from './notifications.ts';

/**
 * Web Push (RFC 8030, messages encrypted as RFC 8291 says, the server identified by VAPID, RFC 8292):
 * a member's browser subscribes with the server's public key, and the server pushes the notifications
 * of money that moved and of replies, in the subscription's language.
 */

/** The server's VAPID public key (base64url), or null when push is off on this server. */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** A push service's URL for one browser (PushSubscription.endpoint). */
const endpoint = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s/]+\/\S*$/, 'an http(s) URL');

/** PushSubscription.toJSON(), with the language its pushes are written in. */
export const pushSubscribeBodySchema = z.object({
  endpoint,
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, uncompressed (starts with 0x04), base64url. */
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'a P-256 public key in base64url'),
    /** The 16-byte authentication secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, '16 bytes in base64url'),
  }),
  locale: z.enum(LOCALES),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

export const pushUnsubscribeBodySchema = z.object({ endpoint });

/**
 * What a push carries to the service worker, which shows it: the texts in the subscription's
 * language, the app's page to open (a hash route), and a tag (a newer push of the same tag replaces
 * the older on the screen).
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The notifications that are pushed: money that moved out, or was refused, and replies. */
export const PUSHED_KINDS = [
  'withdrawal_approved',
  'withdrawal_paid',
  'withdrawal_rejected',
  'feedback_replied',
] as const satisfies readonly NotificationKind[];

/** Web Push (paths: `API`): the server's key, and the member's browsers that receive pushes. */
export const PUSH_CALLS = {
  pushKey: call({
    method: 'GET',
    path: API.pushKey,
    tag: 'notifications',
    summary: "The server's Web Push (VAPID) public key, or null when push is off",
    auth: 'public',
    money: false,
    answer: pushKeySchema,
  }),
  pushSubscribe: call({
    method: 'POST',
    path: API.pushSubscribe,
    tag: 'notifications',
    summary: "Push the member's notifications to this browser subscription, in its language",
    auth: 'member',
    money: false,
    body: pushSubscribeBodySchema,
    answer: z.null(),
  }),
  pushUnsubscribe: call({
    method: 'POST',
    path: API.pushUnsubscribe,
    tag: 'notifications',
    summary: 'Stop pushing to this browser subscription',
    auth: 'member',
    money: false,
    body: pushUnsubscribeBodySchema,
    answer: z.null(),
  }),
};
