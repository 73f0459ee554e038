import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { fixedClock } from '../../lib/clock.ts';

/**
 * The support contacts are operator settings (docs/operations.md section 3): a deployment starts
 * with none, the owner sets each in the console, audited, and the basic config the member app
 * reads carries the channels that are set and leaves the others out.
 */

const clock = fixedClock(new Date());
let app: TestApp;
let owner: string;

beforeAll(async () => {
  app = await buildTestApp({}, undefined, { clock });
  owner = await operatorToken(app);
});
afterAll(() => app.close());

const put = async (key: string, value: unknown) =>
  (
    await app.inject({
      method: 'PUT',
      url: `/admin-api/config/${key}`,
      headers: { authorization: `Bearer ${owner}`, 'accept-language': 'en' },
      payload: { value },
    })
  ).json();

async function contacts(): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'GET', url: '/app-api/biz/biz-config/get/basic' });
  return res.json().data.customerService;
}

/** A change made "now" takes effect 5 s later (settings.ts): the app's clock moves past it. */
const afterTheChanges = () => clock.set(new Date(Date.now() + 6_000));

describe('support contacts', () => {
  it('start unset outside demo mode, so the member call names no channel', async () => {
    expect(await contacts()).toEqual({});
  });

  it('refuse an invalid email or Telegram handle with what they want, and keep the value', async () => {
    expect(await put('support.email', 'help at minecloud')).toMatchObject({
      code: 1109,
      msg: 'Invalid value: an email address such as support@example.com, or empty to hide it',
    });
    for (const value of ['minecloud_help', 'https://example.com/minecloud_help', '@mc']) {
      expect(await put('support.telegram', value), value).toMatchObject({
        code: 1109,
        msg: 'Invalid value: a Telegram username such as @minecloud_help or a link such as https://t.me/minecloud_help, or empty to hide it',
      });
    }
    expect(await put('support.email', 42)).toMatchObject({ code: 1109 });
    afterTheChanges();
    expect(await contacts()).toEqual({});
  });

  it('serve the channels set, audited with before and after, and leave out one cleared again', async () => {
    clock.set(new Date());
    expect(await put('support.email', 'help@minecloud.io')).toMatchObject({ code: 0, data: { before: '' } });
    expect(await put('support.telegram', '@minecloud_help')).toMatchObject({ code: 0 });
    // Not before the change takes effect.
    expect(await contacts()).toEqual({});
    afterTheChanges();
    expect(await contacts()).toEqual({ email: 'help@minecloud.io', telegram: '@minecloud_help' });
    const [audit] = await queryRows<{ actor: string; before: unknown; after: { value: unknown } }>(
      app.db,
      sql`select actor, before, after from audit_log where action = 'config.set' and target = 'support.email' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ actor: 'operator:admin', before: '', after: { value: 'help@minecloud.io' } });

    expect(await put('support.email', '')).toMatchObject({ code: 0, data: { before: 'help@minecloud.io', value: '' } });
    afterTheChanges();
    expect(await contacts()).toEqual({ telegram: '@minecloud_help' });
  });
});
