import type { TOptions } from 'i18next';

/** A feature's `t` (it reaches the common namespace with `common:`). */
type Translate = (key: string, options: TOptions) => string;

/**
 * The words of the server's enum values (common.ts): a console never shows `withdraw_fee` or
 * `regular` raw. A value the console does not know yet (a newer server) is shown as it came.
 */
const word = (t: Translate, prefix: string, value: string) => t(`common:${prefix}_${value}`, { defaultValue: value });

export const identityText = (t: Translate, identity: string) => word(t, 'identity', identity);

/** A ledger transfer's kind (`miner_purchase` → "Miner purchase"). */
export const ledgerKindText = (t: Translate, kind: string) => word(t, 'kind', kind);

/**
 * A ledger account: a member account kind (`available`), a system account (`treasury`), or another
 * member's account as the ledger names it (`member:42:available` → "Member 42 · Available").
 */
export function accountText(t: Translate, account: string): string {
  const member = /^member:(\d+):(\w+)$/.exec(account);
  if (member) return t('common:accountOfMember', { id: member[1], account: word(t, 'account', member[2] ?? '') });
  return word(t, 'account', account);
}
