import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { fund, type Member, quickMembers } from '../../../test/money.ts';
import { giveEmail, operatorCall, withdrawPath } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { oncePerKey } from '../../money/idempotency.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { lockWithdrawal } from './withdrawals.ts';

const SHARED = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const OWN = '0x1000000000000000000000000000000000000001';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await operatorToken(app);
});
afterAll(() => app.close());

/** A credited on-chain deposit, as the deposit worker books it: the ledger transfer and its row. */
async function deposit(member: Member, units: bigint) {
  const hash = `0x${randomUUID().replaceAll('-', '').padEnd(64, '0')}`;
  const [transferId] = await post(app.db, {
    asset: 'USDT',
    from: systemAccount('deposit'),
    to: userAccount(member.userId),
    amount: units,
    kind: 'deposit',
    idempotencyKey: `test-deposit:${hash}`,
  });
  await app.db.execute(
    sql`insert into deposits (user_id, chain_id, tx_hash, asset, amount, status, transfer_id, credited_at)
        values (${member.userId}, 31337, ${hash}, 'USDT', ${units.toString()}::bigint, 'credited', ${transferId}, now())`,
  );
}

/** A withdrawal in review, locked through the same code as the member's call (the email code is its own test). */
async function withdrawal(member: Member, amount: string, address: string): Promise<string> {
  const body = { amount, address, emailCode: '000000' };
  const answer = await oncePerKey(
    app.db,
    { userId: member.userId, key: randomUUID(), route: withdrawPath('USDT'), body },
    {
      work: (tx, legKey) =>
        lockWithdrawal(tx, null, member.userId as AuthorizedUserId, 'USDT', body, legKey, new Date()),
    },
  );
  return (answer as { withdrawalId: string }).withdrawalId;
}

type Row = { id: string; context: Record<string, unknown> };

describe('the review queue context', () => {
  it('shows per row the balances, age, totals, adjustments, earlier rejections and who else used the address', async () => {
    const [a, b] = (await quickMembers(app, 2)) as [Member, Member];
    for (const member of [a, b]) await giveEmail(app, member);
    await deposit(a, 500_000_000n);
    await fund(app, a.userId, 'USDT', '100');
    await deposit(b, 40_000_000n);

    // a: one paid withdrawal and one rejected, both to the shared address, then the one under review.
    const paid = await withdrawal(a, '20', SHARED);
    await app.db.execute(sql`update withdrawals set status = 'arrived', arrived_at = now() where id = ${Number(paid)}`);
    const refused = await withdrawal(a, '25', SHARED);
    expect(
      (await operatorCall(app, admin, 'withdrawals/reject', { id: refused, reason: 'Unknown source' })).body.code,
    ).toBe(0);
    const shared = await withdrawal(b, '15', SHARED);
    const own = await withdrawal(b, '10', OWN);
    const current = await withdrawal(a, '30', SHARED);

    const page = await operatorCall(app, admin, 'withdrawals/page?status=review&pageNo=1&pageSize=10');
    expect(page.body.code).toBe(0);
    const rows = new Map((page.body.data.list as Row[]).map((r) => [r.id, r.context]));
    const [since] = await queryRows<{ created_at: string }>(
      app.db,
      sql`select created_at::text from users where id = ${a.userId}`,
    );

    expect(rows.get(current)).toEqual({
      memberSince: new Date(since?.created_at as string).toISOString(),
      balances: [
        { asset: 'GOLD', available: '0', locked: '0' },
        // 500 deposited + 100 adjusted − 20 paid (still booked as locked here) − 30 in review.
        { asset: 'USDT', available: '550', locked: '50' },
        { asset: 'BTC', available: '0', locked: '0' },
      ],
      deposited: '500',
      withdrawn: '20',
      pending: '30',
      adjustments: [{ asset: 'USDT', count: 1, sum: '100' }],
      rejections: 1,
      addressUses: 2,
      addressMembers: 1,
    });
    // b: the shared address is flagged from their side too; their own address is not.
    expect(rows.get(shared)).toMatchObject({
      deposited: '40',
      withdrawn: '0',
      pending: '25',
      adjustments: [],
      rejections: 0,
      addressUses: 0,
      addressMembers: 1,
    });
    expect(rows.get(own)).toMatchObject({ pending: '25', addressUses: 0, addressMembers: 0 });
    // The rejected one, seen in its own status, does not count itself as an earlier rejection.
    const rejected = await operatorCall(app, admin, 'withdrawals/page?status=rejected&pageNo=1&pageSize=10');
    const [gone] = (rejected.body.data.list as Row[]).filter((r) => r.id === refused);
    expect(gone?.context).toMatchObject({ rejections: 0, addressUses: 1, addressMembers: 1 });
  });

  it('answers an empty page without context queries failing', async () => {
    const page = await operatorCall(app, admin, 'withdrawals/page?status=paying&pageNo=1&pageSize=10');
    expect(page.body).toMatchObject({ code: 0, data: { list: [], total: 0 } });
  });
});
