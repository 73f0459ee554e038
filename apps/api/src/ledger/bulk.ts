import { type SQL, sql } from 'drizzle-orm';
import type { SystemAccount, TransferKind, UserAccountKind } from './accounts.ts';
import { JOURNAL_INSERTS, NEXT_ENTRY_ID } from './journal.ts';

export type SystemCredit = {
  /** The system account every leg is paid from (one per asset). */
  from: SystemAccount;
  /** The members' account that every leg credits. */
  to: UserAccountKind;
  kind: TransferKind;
  reference: string;
  /** Each leg's idempotency key is this prefix followed by the leg's `leg` column. */
  keyPrefix: string;
  /**
   * A query yielding one row per credit: `user_id`, `asset`, `amount` (positive atomic units) and
   * `leg` (text naming the credit within the run, unique per leg). At most one row per member and
   * asset: the accounts upsert touches a row once.
   */
  legs: SQL;
};

/**
 * The set-based form of many credits from one system account to members, as CTEs for the caller's
 * `with` chain (the `legs` query may read the chain's earlier CTEs): `credits` (the caller's rows),
 * `credited` (the members' accounts, created or raised), then one journal entry whose legs are the
 * credits (its key: `keyPrefix`, `batch:` and the first leg's name; one statement's credits are
 * none of another's, so no two statements share it), and `moved` (one transfer per leg), for
 * the caller's final clause to read. One statement: the credits and
 * their entry commit or fail together (a missing system account fails the transfers' not-null
 * debit); no credit, no entry.
 */
export function creditFromSystem(credit: SystemCredit): SQL {
  return sql`credits as (${credit.legs})
    , credited as (
      insert into accounts (user_id, asset, kind, balance)
      select user_id, asset, ${credit.to}, amount from credits
      on conflict on constraint accounts_owner_asset_kind
      do update set balance = accounts.balance + excluded.balance
      returning id, user_id, asset)
    , entry as materialized (select ${NEXT_ENTRY_ID} as id)
    , legs as (
      select entry.id as entry_id, 0 as n, l.asset, s.id as debit_id, c.id as credit_id, l.amount,
        ${credit.kind}::text as kind, ${credit.reference}::text as reference, ${credit.keyPrefix} || l.leg as leg_key
      from credits l
      cross join entry
      join credited c on c.user_id = l.user_id and c.asset = l.asset
      left join accounts s on s.user_id is null and s.system = ${credit.from} and s.asset = l.asset and s.kind = ${credit.from})
    , entries_in as (
      select entry.id, ${credit.kind}::text as kind, ${credit.keyPrefix} || 'batch:' || min(l.leg) as idempotency_key,
        ${credit.reference}::text as reference
      from credits l cross join entry group by entry.id)
    , ${JOURNAL_INSERTS}`;
}
