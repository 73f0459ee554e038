import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { fund, newMember } from '../../../test/money.ts';
import { operatorCall } from '../../../test/withdraw.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { transfer } from '../../ledger/transfer.ts';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await buildTestApp({ DEMO: '1' });
  admin = await operatorToken(app);
});
afterAll(() => app.close());

type Liability = { asset: string } & Record<string, string>;
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
      adjustments: '0',
      earnings: '0',
    });
    expect(fresh.get('GOLD')).toMatchObject({ members: '20600', demoCredits: '20600' });
  });

  it('keeps operator adjustments and platform-paid earnings apart from the demo credits', async () => {
    const member = await newMember(app);
    await fund(app, member.userId, 'USDT', '12.5');
    await transfer(app.db, {
      asset: 'BTC',
      from: systemAccount('mining_output'),
      to: userAccount(member.userId, 'earnings'),
      amount: 1234n,
      kind: 'mining_output',
      idempotencyKey: `test-output:${member.userId}`,
    });
    // Gold the treasury paid a member (a top-up, a referral reward) is owed by the platform too.
    await transfer(app.db, {
      asset: 'GOLD',
      from: systemAccount('treasury'),
      to: userAccount(member.userId),
      amount: 8800n,
      kind: 'topup',
      idempotencyKey: `test-treasury:${member.userId}`,
    });
    const board = await liabilities();
    expect(board.get('USDT')).toMatchObject({ members: '5462.5', demoCredits: '5450', adjustments: '12.5' });
    expect(board.get('BTC')).toMatchObject({ members: '0.00001234', demoCredits: '0', earnings: '0.00001234' });
    expect(board.get('GOLD')).toMatchObject({ earnings: '88' });
  });
});
