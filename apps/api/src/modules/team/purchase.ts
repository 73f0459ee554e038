import { formatAmount } from '@minecloud/contract/amount';
import { applyRate } from '@minecloud/contract/decimal';
import { sql } from 'drizzle-orm';
import { queryRows, type TxDb } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import type { Leg } from '../../ledger/journal.ts';
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

/** A referral reward a purchase pays: `rate` of the payment to the buyer's inviter (generation 1) or theirs (2). */
export type ReferralReward = { beneficiary: number; generation: 1 | 2; rate: string; amount: bigint };

/**
 * The referral rewards of a purchase (docs/economy.md, "Team, referral rewards and levels"), read
 * and not yet paid: `team.directRate` of the payment to the direct inviter's U earnings and
 * `team.indirectRate` to the inviter's inviter's, none past the second generation and none of zero.
 * Direct before indirect: every purchase locks earnings accounts from the deeper generation up, so
 * two purchases never wait on each other's accounts in opposite orders.
 */
export async function referralRewards(
  tx: TxDb,
  purchase: Pick<Purchase, 'userId' | 'paid'>,
): Promise<ReferralReward[]> {
  const [buyer] = await queryRows<{ direct: string | null; indirect: string | null }>(
    tx,
    sql`select u.inviter_id::text as direct, p.inviter_id::text as indirect
        from users u left join users p on p.id = u.inviter_id where u.id = ${purchase.userId}`,
  );
  const generations = [
    { beneficiary: buyer?.direct ?? null, generation: 1 as const, rate: await getSetting(tx, 'team.directRate') },
    { beneficiary: buyer?.indirect ?? null, generation: 2 as const, rate: await getSetting(tx, 'team.indirectRate') },
  ];
  return generations.flatMap(({ beneficiary, generation, rate }) => {
    const amount = applyRate(purchase.paid, rate);
    return beneficiary && amount > 0n ? [{ beneficiary: Number(beneficiary), generation, rate, amount }] : [];
  });
}

/** The legs that pay `rewards`, for the purchase's entry: treasury → each beneficiary's USDT earnings. */
export function referralLegs(rewards: ReferralReward[], legKey: (leg: string) => string): Leg[] {
  return rewards.map((reward) => ({
    asset: 'USDT',
    from: systemAccount('treasury'),
    to: userAccount(reward.beneficiary, 'earnings'),
    amount: reward.amount,
    kind: 'referral_reward',
    key: legKey(`referral:${reward.generation}`),
  }));
}

/**
 * What every purchase does for the team, in the purchase's transaction, after its entry paid
 * `rewards` with the transfers `rewardTransferIds` (in the same order):
 * - one performance event and one queued team delta (the roll-up carries it to the ancestors: no
 *   ancestor's row is touched here);
 * - the buyer becomes at least a Regular Node (their own row);
 * - a referral_rewards row per reward, and the beneficiary's notification of the day's rewards.
 * A miner purchase also funds the prize pool: pool/funding.ts.
 */
export async function recordPurchase(
  tx: TxDb,
  purchase: Purchase,
  rewards: ReferralReward[],
  rewardTransferIds: number[],
) {
  const { userId, paid, day, at, reference } = purchase;
  await tx.execute(
    sql`with ev as (
          insert into performance_events (user_id, amount_usdt, day, source, reference, created_at)
          values (${userId}, ${paid.toString()}::bigint, ${day}::date, ${purchase.source}, ${reference}, ${at}::timestamptz))
        , queued as (
          insert into team_deltas (user_id, day, amount, members) values (${userId}, ${day}::date, ${paid.toString()}::bigint, 0))
        update users set level = 1, identity = 'regular' where id = ${userId} and level = 0`,
  );
  for (const [i, { beneficiary, generation, rate, amount }] of rewards.entries()) {
    await tx.execute(
      sql`insert into referral_rewards (beneficiary_id, buyer_id, generation, purchase_amount, amount, rate, reference,
            transfer_id, created_at)
          values (${beneficiary}, ${userId}, ${generation}, ${paid.toString()}::bigint, ${amount.toString()}::bigint,
            ${rate}, ${reference}, ${rewardTransferIds[i]}, ${at}::timestamptz)`,
    );
    // One notification per beneficiary and day, summing the day's rewards.
    await notifyAdding(tx, beneficiary, {
      kind: 'referral_reward',
      params: { day, asset: 'USDT', amount: formatAmount(amount, 'USDT') },
    });
  }
}
