import { type Asset, formatAmount } from '@minecloud/contract/amount';
import { signedUnits } from '@minecloud/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { fund, newMember, post } from '../../../test/money.ts';
import { operatorCall } from '../../../test/withdraw.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post as postEntry } from '../../ledger/journal.ts';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await buildTestApp({ DEMO: '1' });
  admin = await operatorToken(app);
});
afterAll(() => app.close());

type Liability = { asset: string; sources: Record<string, string> } & Record<string, string>;
const liabilities = async (): Promise<Map<string, Liability>> => {
  const board = await operatorCall(app, admin, 'dashboard');
  expect(board.body.code).toBe(0);
  return new Map((board.body.data.liabilities as Liability[]).map((l) => [l.asset, l]));
};

describe('dashboard liabilities on a demo', () => {
  it('names the demo money as demo credits, so that a fresh demo is covered, not short', async () => {
    await newMember(app);
    const fresh = await liabilities();
    // Seed members 2,500 + 800 + 150 USDT and one welcome of 1,000: all of it demo money.
    expect(fresh.get('USDT')).toEqual({
      asset: 'USDT',
      members: '4450',
      deposited: '0',
      withdrawn: '0',
      demoCredits: '4450',
      sources: { topups: '0', donations: '0', forging: '0', purchases: '0', fees: '0', payouts: '0', adjustments: '0' },
    });
    expect(fresh.get('GOLD')).toMatchObject({ members: '20600', demoCredits: '20600' });
  });

  it('keeps operator adjustments and platform-paid earnings apart from the demo credits', async () => {
    const member = await newMember(app);
    await fund(app, member.userId, 'USDT', '12.5');
    await postEntry(app.db, {
      asset: 'BTC',
      from: systemAccount('mining_output'),
      to: userAccount(member.userId, 'earnings'),
      amount: 1234n,
      kind: 'mining_output',
      idempotencyKey: `test-output:${member.userId}`,
    });
    // Gold the treasury paid a member (a top-up, a referral reward) is owed by the platform too.
    await postEntry(app.db, {
      asset: 'GOLD',
      from: systemAccount('treasury'),
      to: userAccount(member.userId),
      amount: 8800n,
      kind: 'topup',
      idempotencyKey: `test-treasury:${member.userId}`,
    });
    const board = await liabilities();
    expect(board.get('USDT')).toMatchObject({ members: '5462.5', demoCredits: '5450' });
    expect(board.get('USDT')?.sources).toMatchObject({ adjustments: '12.5', payouts: '0' });
    expect(board.get('BTC')).toMatchObject({ members: '0.00001234', demoCredits: '0' });
    expect(board.get('BTC')?.sources).toMatchObject({ payouts: '0.00001234', adjustments: '0' });
    expect(board.get('GOLD')?.sources).toMatchObject({ topups: '88', payouts: '0' });
  });

  it('names each source of the gold members hold beyond the demo credits: top-ups, donations, forging', async () => {
    const before = await liabilities();
    const member = await newMember(app);
    expect((await post(app, member, 'asset/topup', { amountUsdt: '10' })).body.code).toBe(0);
    expect((await post(app, member, 'donate_logs/clickDonate', { asset: 'GOLD', amount: '50' })).body.code).toBe(0);
    expect((await post(app, member, 'prizePool/forge', { amount: '20' })).body.code).toBe(0);
    const after = await liabilities();
    const units = (asset: string, value: string | undefined) => signedUnits(value ?? '', asset as Asset) ?? 0n;
    const moved = (asset: string, source: string) =>
      formatAmount(
        units(asset, after.get(asset)?.sources[source]) - units(asset, before.get(asset)?.sources[source]),
        asset as Asset,
      );
    // 10 USDT buy 1,000 gold at 100 a USDT: the platform's gold, the member's USDT.
    expect(moved('GOLD', 'topups')).toBe('1000');
    expect(moved('USDT', 'topups')).toBe('-10');
    expect(moved('GOLD', 'donations')).toBe('-50');
    expect(moved('GOLD', 'forging')).toBe('-20');
    expect(moved('GOLD', 'payouts')).toBe('0');
    // What members hold beyond deposits and demo credits is exactly the sum of the sources.
    for (const row of after.values()) {
      const at = (value: string | undefined) => units(row.asset, value);
      const sum = Object.values(row.sources).reduce((total, value) => total + at(value), 0n);
      expect(at(row.members) - (at(row.deposited) - at(row.withdrawn) + at(row.demoCredits))).toBe(sum);
    }
  });
});
