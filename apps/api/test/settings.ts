import { setSetting } from '../src/modules/config/settings.ts';
import { operatorToken, operatorWithRole, type TestApp } from './app.ts';

/*
 * Settings through the console's calls, for tests that are not about four eyes: a loosening change
 * of a guarded setting (docs/operations.md, "Settings that guard money") is proposed by the owner
 * and approved by a second operator, a finance account made once per app.
 */

const approvers = new WeakMap<TestApp, Promise<string>>();

/** The token of a finance operator `approver`, created at its first use per app. */
export function approverToken(app: TestApp): Promise<string> {
  const known = approvers.get(app) ?? operatorWithRole(app, 'approver', 'finance');
  approvers.set(app, known);
  return known;
}

type Answer = { code: number; msg?: string; data: Record<string, unknown> & { effectiveAt: string } };

/**
 * PUT config/:key as the owner; when that makes a proposal, approves it as `approver`, and answers
 * the approval (its `effectiveAt` is when the change applies).
 */
export async function changeSetting(
  app: TestApp,
  key: string,
  payload: { value: unknown; effectiveAt?: string },
  headers: Record<string, string> = {},
): Promise<Answer> {
  const owner = await operatorToken(app);
  const put = await app.inject({
    method: 'PUT',
    url: `/admin-api/config/${key}`,
    headers: { authorization: `Bearer ${owner}`, ...headers },
    payload,
  });
  const answer = put.json() as Answer;
  if (answer.code !== 0 || answer.data.status !== 'pending') return answer;
  const approve = await app.inject({
    method: 'POST',
    url: `/admin-api/config/proposals/${answer.data.id}/approve`,
    headers: { authorization: `Bearer ${await approverToken(app)}` },
  });
  return approve.json() as Answer;
}

/**
 * No loosening delay (config.loosenDelayHours 0, in force since 1970), for tests of when a change
 * applies rather than of the delay: an approved change then applies as a lone owner's did.
 */
export async function noLoosenDelay(app: TestApp) {
  await setSetting(app.db, 'config.loosenDelayHours', 0, 'test', { effectiveAt: new Date(0) });
}
