import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailParams } from '../mail/templates.ts';

/**
 * The mail to every owner when a loosening change of a guarded setting is proposed or approved
 * (docs/operations.md, "Settings that guard money"): every active owner with a confirmed address,
 * the proposer too (the owner of a hijacked account learns of it). Queued in the caller's
 * transaction, so a notice goes out exactly when the proposal or approval is stored.
 */
export type SettingNotice =
  | { kind: 'proposed'; key: string; before: unknown; value: unknown; by: string; effectiveAt: Date; expiresAt: Date }
  | { kind: 'approved'; key: string; before: unknown; value: unknown; by: string; proposer: string; effectiveAt: Date };

/** A value as the mail shows it: a string as it is, anything else as JSON. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

export async function noticeOwners(tx: Pick<Db, 'execute'>, mailer: Mailer, notice: SettingNotice, now: Date) {
  const owners = await queryRows<{ email: string; email_locale: string | null }>(
    tx,
    sql`select email, email_locale from operators
        where role = 'owner' and not disabled and email is not null order by id`,
  );
  const params: MailParams = {
    kind: notice.kind,
    key: notice.key,
    before: shown(notice.before),
    value: shown(notice.value),
    by: notice.by,
    effectiveAt: notice.effectiveAt.toISOString(),
    ...(notice.kind === 'proposed' ? { expiresAt: notice.expiresAt.toISOString() } : { proposer: notice.proposer }),
  };
  for (const owner of owners) {
    const locale = owner.email_locale === 'zh-CN' ? 'zh-CN' : 'en';
    await mailer.queue(tx, { to: owner.email, template: 'setting_notice', locale, params }, now);
  }
}
