import { ERROR_CODES } from '@minecloud/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, consoleCall, createdOperator, onboard, operatorToken, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/money.ts';
import { queryRows } from '../../db/client.ts';

/**
 * Approvers and vouching (docs/operations.md, "Approvers and vouching"): an owner who sets up an
 * owner or finance account knows its password, so that account cannot decide four-eyes questions
 * on the owner's requests until another approver vouches for it. The first approver beside the
 * bootstrap owner is exempt; after it, every new, promoted or reset approver needs a vouch.
 */

let app: TestApp;
let owner: string;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await operatorToken(app);
});
afterAll(() => app.close());

const call = (path: string, token: string, payload?: object, method: 'POST' | 'PUT' | 'GET' = 'POST') =>
  consoleCall(app, method, path, token, payload);

const create = (username: string, role: 'finance' | 'support') => createdOperator(app, owner, username, role);

const proposal = async (value: string) =>
  (await call('config/ledger.adjustDailyCap.USDT', owner, { value }, 'PUT')).body.data.id as string;
const proposalStatus = async (id: string) =>
  (await queryRows<{ status: string }>(app.db, sql`select status from setting_proposals where id = ${Number(id)}`))[0]
    ?.status;
async function pendingCredit() {
  const member = await newMember(app);
  const asked = await call('ledger/adjust', owner, {
    userId: String(member.userId),
    asset: 'USDT',
    amount: '5000',
    reason: 'goodwill credit',
  });
  expect(asked.body.data.status).toBe('pending');
  return asked.body.data.requestId as string;
}
const vouchOf = async (id: string) =>
  (await call('operators', owner, undefined, 'GET')).body.data.list.find((row: { id: string }) => row.id === id);

describe('approvers set up by an owner', () => {
  it('need a vouch from someone else, except the first one', async () => {
    // The first approver beside the bootstrap owner is usable at once, and establishes four eyes.
    const f1 = await create('fiona', 'finance');
    expect(await vouchOf(f1.id)).toMatchObject({ setUpBy: 'admin', vouchNeeded: false, vouchedBy: null });
    const [fact] = await queryRows(app.db, sql`select 1 from platform_facts where fact = 'four-eyes'`);
    expect(fact).toBeDefined();
    const [firstAudit] = await queryRows<{ target: string }>(
      app.db,
      sql`select target from audit_log where action = 'operator.first-approver'`,
    );
    expect(firstAudit?.target).toBe('operator:fiona');

    // The second one is the owner's hands until someone else vouches.
    const f2 = await create('frank', 'finance');
    expect(await vouchOf(f2.id)).toMatchObject({ setUpBy: 'admin', vouchNeeded: true });
    const id = await proposal('60000');
    expect(await call(`config/proposals/${id}/approve`, f2.token)).toMatchObject({
      status: 403,
      body: { code: ERROR_CODES.approverAwaitingVouch, msg: expect.stringContaining('awaits a vouch') },
    });
    expect((await call(`config/proposals/${id}/reject`, f2.token)).body.code).toBe(ERROR_CODES.approverAwaitingVouch);
    expect(await proposalStatus(id)).toBe('pending');
    const credit = await pendingCredit();
    expect((await call(`ledger/adjustments/${credit}/approve`, f2.token)).body.code).toBe(
      ERROR_CODES.approverAwaitingVouch,
    );
    const [still] = await queryRows<{ status: string }>(
      app.db,
      sql`select status from adjustment_requests where id = ${Number(credit)}`,
    );
    expect(still?.status).toBe('pending');

    // Neither the account itself nor whoever set it up may vouch; an unvouched one neither.
    expect((await call(`operators/${f2.id}/vouch`, f2.token)).body.code).toBe(ERROR_CODES.vouchNotAllowed);
    expect((await call(`operators/${f2.id}/vouch`, owner)).body.code).toBe(ERROR_CODES.vouchNotAllowed);
    const vouched = await call(`operators/${f2.id}/vouch`, f1.token);
    expect(vouched.body).toMatchObject({ code: 0, data: { vouchNeeded: false, vouchedBy: 'fiona' } });
    expect((await call(`operators/${f2.id}/vouch`, f1.token)).body.code).toBe(ERROR_CODES.vouchNotNeeded);
    expect((await call(`config/proposals/${id}/approve`, f2.token)).body.code).toBe(0);
    expect((await call(`ledger/adjustments/${credit}/approve`, f2.token)).body.code).toBe(0);

    // A reset by the owner makes the first approver the owner's hands again.
    const reset = await call(`operators/${f1.id}/reset`, owner);
    const f1Again = await onboard(app, 'fiona', reset.body.data.password);
    expect(await vouchOf(f1.id)).toMatchObject({ setUpBy: 'admin', vouchNeeded: true, vouchedBy: null });
    const next = await proposal('70000');
    expect((await call(`config/proposals/${next}/approve`, f1Again)).body.code).toBe(ERROR_CODES.approverAwaitingVouch);
    expect(await proposalStatus(next)).toBe('pending');
    // ...and it cannot vouch while it waits itself.
    const s1 = await create('sam', 'support');
    expect(await vouchOf(s1.id)).toMatchObject({ vouchNeeded: false });
    expect((await call(`operators/${f1.id}/vouch`, f2.token)).body.code).toBe(0);

    // A role change to finance needs a vouch as a new account does.
    const promoted = await call(`operators/${s1.id}`, owner, { role: 'finance' }, 'PUT');
    expect(promoted.body.data).toMatchObject({ role: 'finance', setUpBy: 'admin', vouchNeeded: true });
    expect((await call(`config/proposals/${next}/approve`, s1.token)).body.code).toBe(
      ERROR_CODES.approverAwaitingVouch,
    );
    expect((await call(`config/proposals/${next}/approve`, f1Again)).body.code).toBe(0);

    const vouches = await queryRows<{ actor: string; target: string }>(
      app.db,
      sql`select actor, target from audit_log where action = 'operator.vouch' order by id`,
    );
    expect(vouches).toEqual([
      { actor: 'operator:fiona', target: 'operator:frank' },
      { actor: 'operator:frank', target: 'operator:fiona' },
    ]);
  });
});
