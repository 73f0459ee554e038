import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fund, quickMembers } from '../../../test/money.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  canMove,
  FINAL_STATUSES,
  moveWithdrawal,
  REVIEW_STATUSES,
  type ReviewStatus,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalMove,
} from './withdrawal-states.ts';

/** The table in words: `who: from → to`, `new` where there was no withdrawal before. */
const EXPECTED: Record<WithdrawalMove, string> = {
  request: 'member: new → review',
  approve: 'operator: review → approved',
  firstApproval: 'operator: review → second_review',
  secondApproval: 'operator: second_review → approved',
  approveAgain: 'operator: payout_failed → approved',
  reject: 'operator: review | second_review | payout_failed → rejected',
  replacementProven: 'operator: payout_unclear → approved',
  sign: 'payoutJob: approved → paying',
  unclear: 'chainFollow: paying → payout_unclear',
  arrive: 'chainFollow: paying | payout_unclear → arrived',
  reverted: 'chainFollow: paying | payout_unclear → approved',
  failed: 'chainFollow: paying | payout_unclear → payout_failed',
  dropped: 'chainFollow: paying | payout_unclear → approved',
};

const SRC = join(import.meta.dirname, '../..');

/** Every non-test source file of the API, by its path under src/. */
function sources(dir = SRC): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [{ path: relative(SRC, path), text: readFileSync(path, 'utf8') }];
  });
}

describe('the withdrawal state table', () => {
  it('holds every status change, with who may cause it', () => {
    const table = Object.fromEntries(
      Object.entries(WITHDRAWAL_TRANSITIONS).map(([move, { by, from, to }]) => [
        move,
        `${by}: ${from.length ? from.join(' | ') : 'new'} → ${to}`,
      ]),
    );
    expect(table).toEqual(EXPECTED);
  });

  it('is the only way the code changes a status: every update goes through moveWithdrawal', () => {
    const files = sources();
    // An update of withdrawals whose set clause (up to its where) names the status.
    const setsStatus = (text: string) =>
      [...text.matchAll(/update\s+withdrawals\b[\s\S]*?\bwhere\b/gi)].some((m) => /\bstatus\s*=/.test(m[0]));
    expect(files.filter((f) => setsStatus(f.text)).map((f) => f.path)).toEqual(['modules/wallet/withdrawal-states.ts']);
    // A new withdrawal starts where the table's request leads.
    const inserting = files.filter((f) => /insert\s+into\s+withdrawals\b/i.test(f.text));
    expect(inserting.map((f) => f.path)).toEqual(['modules/wallet/withdrawals.ts']);
    expect(inserting[0]?.text).toMatch(/\$\{WITHDRAWAL_TRANSITIONS\.request\.to\}/);
  });

  it('refuses every move from a status it does not start from', () => {
    for (const move of Object.keys(WITHDRAWAL_TRANSITIONS) as WithdrawalMove[]) {
      const from = (EXPECTED[move].split(': ')[1] as string).split(' → ')[0] as string;
      for (const status of REVIEW_STATUSES) {
        expect(canMove(move, status), `${move} from ${status}`).toBe(from.split(' | ').includes(status));
      }
    }
    // Nothing leaves a final status, and an unclear payout is no approval's to make.
    expect(FINAL_STATUSES).toEqual(['arrived', 'rejected']);
    for (const status of FINAL_STATUSES) {
      expect((Object.keys(WITHDRAWAL_TRANSITIONS) as WithdrawalMove[]).filter((m) => canMove(m, status))).toEqual([]);
    }
    expect(canMove('approveAgain', 'payout_unclear')).toBe(false);
  });

  it('refuses a move made by anyone but its actor, before it touches the database', async () => {
    const untouched = {
      execute: () => {
        throw new Error('no query expected');
      },
    } as unknown as Pick<Db, 'execute'>;
    // @ts-expect-error: a chain follow's move is not an operator's to make.
    await expect(moveWithdrawal(untouched, 1, 'operator', 'arrive')).rejects.toThrow(/made by the chainFollow/);
    // @ts-expect-error: nor is an operator's the payout job's.
    await expect(moveWithdrawal(untouched, 1, 'payoutJob', 'reject')).rejects.toThrow(/made by the operator/);
  });
});

describe('moveWithdrawal on the database', () => {
  let app: TestApp;
  let lockTransferId: number;
  let userId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    userId = (await quickMembers(app, 1))[0]?.userId as number;
    await fund(app, userId, 'USDT', '100');
    const [row] = await queryRows<{ id: number }>(app.db, sql`select max(id)::int as id from transfers`);
    lockTransferId = row?.id as number;
  });
  afterAll(() => app.close());

  async function withdrawalIn(status: ReviewStatus): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      app.db,
      sql`insert into withdrawals (user_id, asset, amount, fee, address, status, needs_second, lock_transfer_id)
          values (${userId}, 'USDT', 20000000, 1000000, ${`0x${'ab'.repeat(20)}`}, ${status}, false, ${lockTransferId})
          returning id::int`,
    );
    return row?.id as number;
  }
  const statusOf = async (id: number) =>
    (await queryRows<{ status: string }>(app.db, sql`select status from withdrawals where id = ${id}`))[0]?.status;

  it('moves a withdrawal that is where the move starts, with the columns given', async () => {
    const id = await withdrawalIn('paying');
    expect(await moveWithdrawal(app.db, id, 'chainFollow', 'arrive', sql`arrived_at = now()`)).toBe(true);
    expect(await statusOf(id)).toBe('arrived');
    const [row] = await queryRows<{ arrived: boolean }>(
      app.db,
      sql`select arrived_at is not null as arrived from withdrawals where id = ${id}`,
    );
    expect(row?.arrived).toBe(true);
  });

  it('leaves alone a withdrawal that is not where the move starts', async () => {
    const arrived = await withdrawalIn('arrived');
    expect(await moveWithdrawal(app.db, arrived, 'operator', 'reject')).toBe(false);
    expect(await moveWithdrawal(app.db, arrived, 'chainFollow', 'reverted')).toBe(false);
    expect(await statusOf(arrived)).toBe('arrived');
    const unclear = await withdrawalIn('payout_unclear');
    expect(await moveWithdrawal(app.db, unclear, 'operator', 'approveAgain')).toBe(false);
    expect(await moveWithdrawal(app.db, unclear, 'chainFollow', 'unclear')).toBe(false);
    expect(await statusOf(unclear)).toBe('payout_unclear');
  });
});
