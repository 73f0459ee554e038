import { formatAmount } from '@minecloud/contract/amount';
import { applyRate } from '@minecloud/contract/decimal';
import { sql } from 'drizzle-orm';
import { queryRows, type TxDb } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { getSetting } from '../config/settings.ts';
import { notifyAdding } from '../notifications/write.ts';

export type Purchase = {
  userId: number;
  /** USDT atomic units paid. */
  paid: bigint;
  /** The settlement day the purchase counts for. */
  day: string;
  at: string;
  source: 'miner_purchase' | 'equity_buy' | 'equity_reinvest';
  /** e.g. `miner_order:12`: names the order in every row this writes. */
  reference: string;
};

/**
 * What every purchase does for the team, in the purchase's transaction (docs/economy.md, "Team,
 * referral rewards and levels"):
 * - one performance event and one queued team delta (the roll-up carries it to the ancestors: no
 *   ancestor's row is touched here);
 * - the buyer becomes at least a Regular Node (their own row);
 * - the referral rewards: `team.directRate` of the payment to the direct inviter's U earnings and
 *   `team.indirectRate` to the inviter's inviter's, each a ledger transfer from the treasury with a
 *   referral_rewards row (no reward past the second generation), and the beneficiary's notification
 *   of the day's rewards.
 * A miner purchase also funds the prize pool: pool/funding.ts.
 */
export async function recordPurchase(tx: TxDb, purchase: Purchase, legKey: (leg: string) => string) {
  const { userId, paid, day, at, reference } = purchase;
  const [buyer] = await queryRows<{ direct: string | null; indirect: string | null }>(
    tx,
    sql`with ev as (
          insert into performance_events (user_id, amount_usdt, day, source, reference, created_at)
          values (${userId}, ${paid.toString()}::bigint, ${day}::date, ${purchase.source}, ${reference}, ${at}::timestamptz))
        , queued as (
          insert into team_deltas (user_id, day, amount, members) values (${userId}, ${day}::date, ${paid.toString()}::bigint, 0))
        , raised as (
          update users set level = 1, identity = 'regular' where id = ${userId} and level = 0)
        select u.inviter_id::text as direct, p.inviter_id::text as indirect
        from users u left join users p on p.id = u.inviter_id where u.id = ${userId}`,
  );

  const generations: { beneficiary: string | null; generation: 1 | 2; rate: string }[] = [
    { beneficiary: buyer?.direct ?? null, generation: 1, rate: await getSetting(tx, 'team.directRate') },
    { beneficiary: buyer?.indirect ?? null, generation: 2, rate: await getSetting(tx, 'team.indirectRate') },
  ];
  // Direct before indirect: every purchase locks earnings accounts from the deeper generation up, so
  // two purchases never wait on each other's accounts in opposite orders.
  for (const { beneficiary, generation, rate } of generations) {
    if (!beneficiary) continue;
    const amount = applyRate(paid, rate);
    if (amount <= 0n) continue;
    const [transferId] = await post(tx, {
      asset: 'USDT',
      from: systemAccount('treasury'),
      to: userAccount(Number(beneficiary), 'earnings'),
      amount,
      kind: 'referral_reward',
      reference,
      idempotencyKey: legKey(`referral:${generation}`),
    });
    await tx.execute(
      sql`insert into referral_rewards (beneficiary_id, buyer_id, generation, purchase_amount, amount, rate, reference,
            transfer_id, created_at)
          values (${beneficiary}::bigint, ${userId}, ${generation}, ${paid.toString()}::bigint, ${amount.toString()}::bigint,
            ${rate}, ${reference}, ${transferId}, ${at}::timestamptz)`,
    );
    // One notification per beneficiary and day, summing the day's rewards.
    await notifyAdding(tx, Number(beneficiary), {
      kind: 'referral_reward',
      params: { day, asset: 'USDT', amount: formatAmount(amount, 'USDT') },
    });
  }
}
