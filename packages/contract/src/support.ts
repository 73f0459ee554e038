/**
 * The ways to reach customer support that operators set (settings `support.email` and
 * `support.telegram`, docs/operations.md section 3) and the member app's support screen shows: what
 * each accepts, and the link a tap opens. The server, the console and the app check with the same
 * patterns. No zod here: the support screen imports the links.
 */

export const SUPPORT_CHANNELS = ['email', 'telegram'] as const;
export type SupportChannel = (typeof SUPPORT_CHANNELS)[number];

/**
 * An address a `mailto:` link carries as it is: letters, digits and `._+-` before the @ (nothing that
 * a URL would need escaped), a domain with a top-level part of letters, and 254 characters at most
 * (RFC 5321's longest path).
 */
export const SUPPORT_EMAIL_PATTERN =
  /^(?=.{6,254}$)[A-Za-z0-9._+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** A Telegram username as Telegram allows it: 5 to 32 letters, digits and underscores, a letter first, no underscore last. */
const USERNAME = '[A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9]';
/**
 * `@username`, or a link Telegram opens: `https://t.me/username`, or an invite to a group or channel
 * (`https://t.me/+…`, `https://t.me/joinchat/…`); telegram.me is the same site.
 */
export const SUPPORT_TELEGRAM_PATTERN = new RegExp(
  `^(@${USERNAME}|https://(t|telegram)\\.me/(${USERNAME}|\\+[A-Za-z0-9_-]{8,64}|joinchat/[A-Za-z0-9_-]{8,64}))$`,
);

/** What a tap on the channel opens: the mail app, or Telegram's link (which the Telegram app takes over). */
export function supportLink(channel: SupportChannel, value: string): string {
  if (channel === 'email') return `mailto:${value}`;
  return value.startsWith('@') ? `https://t.me/${value.slice(1)}` : value;
}
