import { type Asset, formatAmount, parseAmount } from '@minecloud/contract/amount';
import type { WithdrawAsset, Withdrawal, WithdrawalStage } from '@minecloud/contract/wallet';
import { type WithdrawalState, withdrawalState } from '@minecloud/contract/withdrawal-states';
import { type SQL, sql } from 'drizzle-orm';
import { getAddress, isAddress } from 'viem';
import { type Db, isoTime, newestFirst, nextId, pageClause, queryRows, type TxDb } from '../../db/client.ts';
import { userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { memberUnits } from '../asset/amounts.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { getSetting } from '../config/settings.ts';
import { spendEmailCode } from '../user/email.ts';
import { checkSavedAddress, isPlatformAddress } from './address-book.ts';
import { type Chain, paysOut } from './chain.ts';
import { ADMIN_STATUS, MEMBER_STATUS, type ReviewStatus, WITHDRAWAL_TRANSITIONS } from './withdrawal-states.ts';

type Reader = Pick<Db, 'execute' | 'select'>;
export type WithdrawInput = { amount: string; address: string; emailCode: string };

const unitsSetting = (text: string, asset: Asset) => {
  const parsed = parseAmount(text, asset);
  if (!parsed.ok) throw new Error(`setting amount ${text} is not a ${asset} amount`);
  return parsed.units;
};

/**
 * The checks of a withdrawal request, in the order a member fixes them, and its numbers: amount,
 * fee, the checksummed address, whether a second operator must approve.
 */
export async function planWithdrawal(
  db: Reader,
  chain: Chain | null,
  userId: AuthorizedUserId,
  asset: WithdrawAsset,
  input: WithdrawInput,
  now: Date,
) {
  const [user] = await queryRows<{ email: string | null }>(db, sql`select email from users where id = ${userId}`);
  if (!user?.email) return fail('bindEmailFirst');
  if (input.amount === '') return fail('enterAmount');
  const amount = memberUnits(input.amount, asset);
  const [feeText, minText, secondText] = await Promise.all([
    getSetting(db, `withdraw.fee.${asset}`),
    getSetting(db, `withdraw.min.${asset}`),
    getSetting(db, `withdraw.secondApproval.${asset}`),
  ]);
  const fee = unitsSetting(feeText, asset);
  const min = unitsSetting(minText, asset);
  if (amount < min) return failWith('withdrawBelowMinimum', { min: formatAmount(min, asset), asset });
  if (amount <= fee) return fail('invalidAmount');
  if (!isAddress(input.address, { strict: true })) return fail('invalidAddress');
  const address = getAddress(input.address);
  // Paying the platform's own addresses, or a token contract (which holds no one's funds and would
  // lock them), would only burn the money and confuse the books.
  if (isPlatformAddress(chain, address)) return fail('platformAddress');
  if (chain && !chain.tokens[asset]) return fail('assetNotAllowed');
  await checkSavedAddress(db, userId, address, now);
  if (input.emailCode === '') return fail('enterEmailCode');
  return {
    amount,
    fee,
    address,
    email: user.email,
    needsSecond: amount >= unitsSetting(secondText, asset),
  };
}

/**
 * Before the money work, in its transaction (`oncePerKey`'s `before`): every check, a balance look
 * (so that a code is not spent on a request that cannot pass), then the email code, spent for good.
 */
export async function checkWithdrawal(
  db: Reader,
  chain: Chain | null,
  userId: AuthorizedUserId,
  asset: WithdrawAsset,
  input: WithdrawInput,
  now: Date,
) {
  const plan = await planWithdrawal(db, chain, userId, asset, input, now);
  const [account] = await queryRows<{ balance: string }>(
    db,
    sql`select balance::text from accounts where user_id = ${userId} and asset = ${asset} and kind = 'available'`,
  );
  if (BigInt(account?.balance ?? 0) < plan.amount) return fail('insufficientBalance');
  await spendEmailCode(db, userId, 'confirm', plan.email, input.emailCode, now);
}

/** In the money transaction: available → locked, the withdrawal row and its first stage. */
export async function lockWithdrawal(
  tx: TxDb,
  chain: Chain | null,
  userId: AuthorizedUserId,
  asset: WithdrawAsset,
  input: WithdrawInput,
  legKey: (leg: string) => string,
  now: Date,
) {
  const plan = await planWithdrawal(tx, chain, userId, asset, input, now);
  const id = await nextId(tx, 'withdrawals_id_seq');
  const [lockTransferId] = await post(tx, {
    asset,
    from: userAccount(userId),
    to: userAccount(userId, 'locked'),
    amount: plan.amount,
    kind: 'withdraw_lock',
    reference: `withdrawal:${id}`,
    idempotencyKey: legKey('lock'),
  });
  await tx.execute(sql`
    insert into withdrawals (id, user_id, asset, amount, fee, address, status, needs_second, lock_transfer_id)
    overriding system value
    values (${id}, ${userId}, ${asset}, ${plan.amount.toString()}::bigint, ${plan.fee.toString()}::bigint,
            ${plan.address}, ${WITHDRAWAL_TRANSITIONS.request.to}, ${plan.needsSecond}, ${lockTransferId})`);
  await addEvent(tx, id, 'submitted', 'member');
  return { withdrawalId: String(id), status: 'processing' as const };
}

export async function addEvent(
  tx: Pick<Db, 'execute'>,
  withdrawalId: number,
  stage: WithdrawalStage,
  actor: string,
  txHash: string | null = null,
) {
  await tx.execute(
    sql`insert into withdrawal_events (withdrawal_id, stage, actor, tx_hash) values (${withdrawalId}, ${stage}, ${actor}, ${txHash})`,
  );
}

export type WithdrawalRow = {
  id: string;
  user_id: string;
  member_address: string;
  asset: WithdrawAsset;
  amount: string;
  fee: string;
  address: string;
  status: ReviewStatus;
  needs_second: boolean;
  reason: string | null;
  first_approver: string | null;
  second_approver: string | null;
  created_at: string;
  tx_hash: string | null;
  confirmations: number | null;
  attempts: number;
  live_nonce: number | null;
  live_from: string | null;
};

/** Withdrawals with what both views show, newest first. */
export async function withdrawalRows(
  db: Pick<Db, 'execute'>,
  where: SQL,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: WithdrawalRow[]; total: number; events: Map<string, Withdrawal['timeline']> }> {
  const [rows, count] = await Promise.all([
    queryRows<WithdrawalRow>(
      db,
      sql`select w.id::text, w.user_id::text, u.address as member_address, w.asset, w.amount::text, w.fee::text,
            w.address, w.status, w.needs_second, w.reason, o1.username as first_approver, o2.username as second_approver,
            w.created_at::text, live.tx_hash, live.confirmations, live.nonce::int as live_nonce,
            live.from_address as live_from,
            (select count(*)::int from payout_attempts a where a.withdrawal_id = w.id) as attempts
          from withdrawals w
          join users u on u.id = w.user_id
          left join operators o1 on o1.id = w.first_approver_id
          left join operators o2 on o2.id = w.second_approver_id
          left join lateral (
            select a.tx_hash, a.confirmations, a.nonce, a.from_address from payout_attempts a
            where a.withdrawal_id = w.id and a.status in ('signed','sent','mined','confirmed')
            order by a.id desc limit 1) live on true
          where ${where}
          order by ${newestFirst('w', 'created_at')} ${pageClause(page)}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from withdrawals w where ${where}`),
  ]);
  const events = new Map<string, Withdrawal['timeline']>();
  if (rows.length) {
    const ids = sql.join(
      rows.map((r) => sql`${Number(r.id)}`),
      sql`, `,
    );
    const found = await queryRows<{
      withdrawal_id: string;
      stage: WithdrawalStage;
      at: string;
      tx_hash: string | null;
    }>(
      db,
      sql`select withdrawal_id::text, stage, at::text, tx_hash from withdrawal_events
          where withdrawal_id in (${ids}) order by id`,
    );
    for (const event of found) {
      const list = events.get(event.withdrawal_id) ?? [];
      list.push({ stage: event.stage, at: isoTime(event.at) as string, txHash: event.tx_hash });
      events.set(event.withdrawal_id, list);
    }
  }
  return { rows, total: Number(count[0]?.total ?? 0), events };
}

/**
 * One withdrawal as the member sees it. `chain` decides whether an approved one is on its way or
 * `paused` (the contract's withdrawal-states.ts): this server pays only with a payer for its asset.
 */
export function memberView(
  row: WithdrawalRow,
  timeline: Withdrawal['timeline'],
  required: number,
  chain: Chain | null,
): Withdrawal {
  const amount = BigInt(row.amount);
  const fee = BigInt(row.fee);
  return {
    id: row.id,
    asset: row.asset,
    amount: formatAmount(amount, row.asset),
    fee: formatAmount(fee, row.asset),
    received: formatAmount(amount - fee, row.asset),
    address: row.address,
    status: MEMBER_STATUS[row.status],
    state: withdrawalState(ADMIN_STATUS[row.status], paysOut(chain, row.asset)),
    reason: row.status === 'rejected' ? row.reason : null,
    txHash: row.tx_hash,
    confirmations: row.tx_hash ? (row.confirmations ?? 0) : null,
    requiredConfirmations: required,
    createdAt: isoTime(row.created_at) as string,
    timeline,
  };
}

/** Withdrawal History: one member's withdrawals, newest first. */
export async function memberWithdrawals(
  db: Reader,
  chain: Chain | null,
  userId: AuthorizedUserId,
  query: { asset?: WithdrawAsset | undefined; pageNo: number; pageSize: number },
) {
  const where = sql`w.user_id = ${userId} ${query.asset ? sql`and w.asset = ${query.asset}` : sql``}`;
  const [{ rows, total, events }, required] = await Promise.all([
    withdrawalRows(db, where, query),
    getSetting(db, 'chain.confirmations'),
  ]);
  return { list: rows.map((row) => memberView(row, events.get(row.id) ?? [], required, chain)), total };
}

/**
 * The states of one member's withdrawals `ids` as their list shows them (memberView), for the
 * notifications that name them: an approval says `paused` where the list does. Another member's
 * id is not in the answer.
 */
export async function memberWithdrawalStates(
  db: Pick<Db, 'execute'>,
  chain: Chain | null,
  userId: number,
  ids: readonly string[],
): Promise<Map<string, WithdrawalState>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; asset: WithdrawAsset; status: ReviewStatus }>(
    db,
    sql`select id::text, asset, status from withdrawals
        where user_id = ${userId} and id in (${sql.join(
          ids.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((row) => [row.id, withdrawalState(ADMIN_STATUS[row.status], paysOut(chain, row.asset))]));
}
