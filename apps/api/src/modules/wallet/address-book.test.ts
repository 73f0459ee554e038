import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fund, get, type Member, newMember, post, postIn, unitsOf } from '../../../test/money.ts';
import { confirmCode, giveEmail, withdrawPath } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { fixedClock } from '../../lib/clock.ts';
import { setSetting } from '../config/settings.ts';
import { renderMail } from '../mail/templates.ts';

const HOME = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const OTHER = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
const clock = fixedClock(new Date('2026-11-27T08:00:00.000Z'));

/** Codes are one a minute per member: each is asked a minute after the last. */
async function freshCode(app: TestApp, member: Member) {
  clock.advance(61_000);
  return confirmCode(app, member);
}

const book = async (app: TestApp, member: Member) => (await get(app, member, 'biz/withdraw-address/list')).body;
const save = (app: TestApp, member: Member, body: object) => post(app, member, 'biz/withdraw-address/create', body);
const remove = (app: TestApp, member: Member, id: string) => post(app, member, 'biz/withdraw-address/delete', { id });

async function mails(app: TestApp, member: Member) {
  return queryRows<{ template: string; locale: string; params: Record<string, string | number> }>(
    app.db,
    sql`select template, locale, params from mail_outbox o join users u on u.email = o."to"
        where u.id = ${member.userId} and template = 'address_added' order by o.id`,
  );
}

describe('the address book', () => {
  let app: TestApp;
  let m: Member;
  beforeAll(async () => {
    app = await buildTestApp({}, undefined, { clock });
    m = await newMember(app);
  });
  afterAll(() => app.close());

  it('is empty, and without a wait any address takes a withdrawal', async () => {
    expect(await book(app, m)).toMatchObject({ code: 0, data: { list: [], waitHours: 0 } });
  });

  it('answers each bad field before spending a code', async () => {
    const body = { address: HOME, label: 'Home', emailCode: '123456' };
    expect((await save(app, m, body)).body.code).toBe(1074);
    await giveEmail(app, m);
    const code = await freshCode(app, m);
    const cases: [object, number][] = [
      [{ label: '  ' }, 1129],
      [{ address: HOME.toLowerCase().slice(0, 41) }, 1075],
      // One letter's case changed: a broken checksum.
      [{ address: '0x8Ba1f109551bD432803012645Ac136ddd64DBA72' }, 1075],
      [{ emailCode: '' }, 1081],
    ];
    for (const [change, expected] of cases) {
      expect((await save(app, m, { ...body, ...change, emailCode: '' })).body.code, JSON.stringify(change)).toBe(
        expected,
      );
    }
    expect((await save(app, m, { ...body, label: 'x'.repeat(31), emailCode: code })).status).toBe(400);
    expect(await queryRows(app.db, sql`select 1 from withdrawal_addresses where user_id = ${m.userId}`)).toEqual([]);
    // The code is still good after all of those.
    expect((await save(app, m, { ...body, emailCode: code })).body).toMatchObject({
      code: 0,
      data: { address: HOME, label: 'Home', usable: true },
    });
  });

  it('saves with the email code, announces it by mail in the member’s language, and refuses it twice', async () => {
    const saved = (await book(app, m)).data.list;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ address: HOME, label: 'Home', usable: true });
    const [mail] = await mails(app, m);
    expect(mail).toMatchObject({ template: 'address_added', params: { address: HOME, label: 'Home', hours: 0 } });
    const rendered = renderMail('address_added', mail?.locale ?? 'en', mail?.params ?? {}, '');
    expect(rendered.text).toContain(HOME);
    expect(rendered.text).toContain('It can receive withdrawals now.');

    const code = await freshCode(app, m);
    const again = await save(app, m, { address: HOME.toLowerCase(), label: 'Again', emailCode: code });
    expect(again.body.code).toBe(1127);
    expect(await mails(app, m)).toHaveLength(1);
  });

  it('makes a new address wait the configured hours, and withdrawals go only to saved addresses past it', async () => {
    await setSetting(app.db, 'withdraw.newAddressHours', 24, 'test', { effectiveAt: new Date(Date.now() - 60_000) });
    await fund(app, m.userId, 'USDT', '100');
    const withdraw = async (address: string) =>
      (
        await post(app, m, withdrawPath('USDT'), {
          amount: '20',
          address,
          emailCode: await freshCode(app, m),
        })
      ).body;

    // Not saved: refused, with nothing locked and the code unspent.
    expect(await withdraw(OTHER)).toMatchObject({ code: 1125 });
    // Saved now, in Chinese: usable 24 hours later, and the mail says from when.
    const code = await freshCode(app, m);
    const res = await postIn(
      app,
      m,
      'biz/withdraw-address/create',
      { address: OTHER, label: '交易所', emailCode: code },
      { locale: 'zh-CN' },
    );
    const usableAt = new Date(clock.now().getTime() + 24 * 3_600_000).toISOString();
    expect(res.body.data).toMatchObject({ address: OTHER, label: '交易所', usable: false, usableAt });
    const mail = (await mails(app, m)).at(-1);
    expect(mail).toMatchObject({ locale: 'zh-CN', params: { address: OTHER, hours: 24, usableAt } });
    const text = renderMail('address_added', 'zh-CN', mail?.params ?? {}, '').text;
    expect(text).toContain(`${usableAt.slice(0, 10)} ${usableAt.slice(11, 16)} UTC`);
    expect(text).toContain('如果这不是您本人的操作');

    expect(await withdraw(OTHER)).toMatchObject({ code: 1126 });
    expect((await withdraw(OTHER)).msg).toContain(`${usableAt.slice(0, 10)} ${usableAt.slice(11, 16)} UTC`);
    // The address saved before the wait was set is usable; so is the new one once its day is over.
    expect(await withdraw(HOME)).toMatchObject({ code: 0 });
    clock.advance(24 * 3_600_000);
    expect(await withdraw(OTHER)).toMatchObject({ code: 0 });
    expect(await unitsOf(app, m.userId, 'USDT', 'locked')).toBe(40_000_000n);
    expect((await book(app, m)).data).toMatchObject({ waitHours: 24, list: [{ usable: true }, { usable: true }] });
  });

  it('removes an address at once, only the member’s own', async () => {
    const other = await newMember(app);
    const [first] = (await book(app, m)).data.list;
    expect((await remove(app, other, first.id)).body.code).toBe(404);
    expect((await remove(app, m, first.id)).body.code).toBe(0);
    expect((await book(app, m)).data.list).toHaveLength(1);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(60_000_000n);
    const res = await post(app, m, withdrawPath('USDT'), {
      amount: '20',
      address: first.address,
      emailCode: await freshCode(app, m),
    });
    expect(res.body.code).toBe(1125);
  });

  it('keeps at most 20 addresses', async () => {
    const values = Array.from({ length: 19 }, (_, i) => {
      const address = `0x${(i + 1).toString(16).padStart(40, '0')}`;
      return sql`(${m.userId}, ${address}, ${`n${i}`}, now(), now())`;
    });
    await app.db.execute(
      sql`insert into withdrawal_addresses (user_id, address, label, usable_at, created_at) values ${sql.join(values, sql`, `)}`,
    );
    const code = await freshCode(app, m);
    const res = await save(app, m, { address: `0x${'0'.repeat(38)}ff`, label: 'Twentieth', emailCode: code });
    expect(res.body).toMatchObject({
      code: 1128,
      msg: 'The address book holds at most 20 addresses: remove one you no longer use first',
    });
  });
});
