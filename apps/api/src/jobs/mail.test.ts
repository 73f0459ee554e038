import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../test/app.ts';
import {
  buildLoggedApp,
  codeIn,
  mailWorkerOf,
  queuedCode,
  readMail,
  silentSmtp,
  smtpCatcher,
} from '../../test/care.ts';
import { type Member, newMember, post, postIn } from '../../test/money.ts';
import { queryRows } from '../db/client.ts';
import { fixedClock } from '../lib/clock.ts';
import { startScheduler } from './scheduler.ts';

const minute = 60_000;

/** Every outbox row, whole, as text: what a database dump or a curious operator would see. */
async function outboxDump(app: TestApp): Promise<string> {
  const rows = await queryRows<{ row: string }>(app.db, sql`select row_to_json(m)::text as row from mail_outbox m`);
  return rows.map((r) => r.row).join('\n');
}

/** Whether `code` stands on its own in `text` (not as part of a longer number or id). */
const mentions = (text: string, code: string) => new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`).test(text);

async function outbox(app: TestApp) {
  const token = await operatorToken(app);
  const res = await app.inject({
    method: 'GET',
    url: '/admin-api/mail/outbox?pageNo=1&pageSize=20',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json().data.list as Record<string, unknown>[];
}

describe('with SMTP, a code is never kept or logged in plain text', () => {
  let logged: Awaited<ReturnType<typeof buildLoggedApp>>;
  let smtp: Awaited<ReturnType<typeof smtpCatcher>>;
  beforeAll(async () => {
    smtp = await smtpCatcher();
    logged = await buildLoggedApp({ SMTP_URL: smtp.url }, { clock: fixedClock('2026-11-23T10:00:00Z') });
  });
  afterAll(async () => {
    await logged.app.close();
    await smtp.close();
  });

  it('holds no code in the outbox or in any log line, before or after sending', async () => {
    const { app, lines } = logged;
    const m = await newMember(app);
    expect((await post(app, m, 'member/sendEmailCode', { email: 'erin@example.com' })).body.code).toBe(0);
    const queued = await outboxDump(app);
    expect(await (await mailWorkerOf(app)).runOnce()).toMatchObject({ sent: 1 });
    const code = codeIn(smtp.messages, 'erin@example.com');
    expect(mentions(queued, code)).toBe(false);
    expect(mentions(await outboxDump(app), code)).toBe(false);
    const [row] = await queryRows<{ status: string; sealed_secret: string | null }>(
      app.db,
      sql`select status, sealed_secret from mail_outbox`,
    );
    // Sent: even the sealed code is gone.
    expect(row).toEqual({ status: 'sent', sealed_secret: null });
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((line) => mentions(line, code))).toEqual([]);
    expect(lines.some((line) => line.includes('mail sent'))).toBe(true);
    expect((await outbox(app))[0]).toMatchObject({ status: 'sent', demoCode: null });
  });
});

describe('without SMTP outside demo, a code is never kept or logged in plain text', () => {
  let logged: Awaited<ReturnType<typeof buildLoggedApp>>;
  beforeAll(async () => {
    logged = await buildLoggedApp({});
  });
  afterAll(() => logged.app.close());

  it('makes the mail undeliverable, wipes its sealed code, and logs no code', async () => {
    const { app, lines } = logged;
    const m = await newMember(app);
    expect((await post(app, m, 'member/sendEmailCode', { email: 'fred@example.com' })).body.code).toBe(0);
    // Only the server's key opens it.
    const code = await queuedCode(app, 'fred@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(mentions(await outboxDump(app), code)).toBe(false);
    expect(await (await mailWorkerOf(app)).runOnce()).toMatchObject({ undeliverable: 1 });
    expect(mentions(await outboxDump(app), code)).toBe(false);
    expect(lines.filter((line) => mentions(line, code))).toEqual([]);
    expect((await outbox(app))[0]).toMatchObject({
      to: 'fred@example.com',
      status: 'undeliverable',
      lastError: 'no SMTP_URL: mail cannot be sent',
      demoCode: null,
    });
    const [row] = await queryRows<{ sealed_secret: string | null }>(app.db, sql`select sealed_secret from mail_outbox`);
    expect(row?.sealed_secret).toBeNull();
    // The database itself refuses a sealed code on a mail that is done.
    await expect(
      app.db.execute(sql`update mail_outbox set sealed_secret = 'v1.x' where status = 'undeliverable'`),
    ).rejects.toThrow();
  });
});

describe('in demo mode without SMTP', () => {
  let app: TestApp;
  let lines: string[];
  beforeAll(async () => {
    ({ app, lines } = await buildLoggedApp({ DEMO: 'true' }));
  });
  afterAll(() => app.close());

  it('shows the operator the code, labelled as demo, and never sends it', async () => {
    const m = await newMember(app);
    await post(app, m, 'member/sendEmailCode', { email: 'gail@example.com' });
    const [row] = await outbox(app);
    expect(row).toMatchObject({ to: 'gail@example.com', status: 'demo', demoCode: expect.stringMatching(/^\d{6}$/) });
    expect(await (await mailWorkerOf(app)).runOnce()).toMatchObject({ sent: 0, demo: 0 });
    // README, "Run it": the demo's code is in the server's log too, in one line.
    const logged = lines.filter((line) => mentions(line, row?.demoCode as string));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] as string)).toMatchObject({
      msg: 'demo mail, not sent: its code',
      to: 'gail@example.com',
    });
    const bound = await post(app, m, 'member/bindEmail', { email: 'gail@example.com', code: row?.demoCode as string });
    expect(bound.body.code).toBe(0);
  });
});

describe('mail never holds up a member', () => {
  let app: TestApp;
  let silent: Awaited<ReturnType<typeof silentSmtp>>;
  const clock = fixedClock('2026-11-23T10:00:00Z');
  beforeAll(async () => {
    silent = await silentSmtp();
    app = await buildTestApp({ SMTP_URL: silent.url }, undefined, { clock });
  });
  afterAll(async () => {
    await app.close();
    await silent.close();
  });

  it('answers at once with a mail server that never speaks; the worker times out, retries, then fails', async () => {
    const m = await newMember(app);
    const started = performance.now();
    const res = await post(app, m, 'member/sendEmailCode', { email: 'hana@example.com' });
    expect(res.body.code).toBe(0);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(silent.connections()).toBe(0);

    const quick = { connectMs: 300, greetingMs: 300, socketMs: 300 };
    const worker = await mailWorkerOf(app, { timeouts: quick, maxAttempts: 3, retryMs: minute });
    const state = async () =>
      (
        await queryRows<{ status: string; attempts: number; last_error: string | null; sealed: boolean; wait: number }>(
          app.db,
          sql`select status, attempts, last_error, sealed_secret is not null as sealed,
                (extract(epoch from next_attempt_at - ${clock.now().toISOString()}::timestamptz) * 1000)::int as wait
              from mail_outbox`,
        )
      )[0];
    const round = performance.now();
    expect(await worker.runOnce()).toMatchObject({ retrying: 1 });
    expect(performance.now() - round).toBeLessThan(3_000);
    expect(await state()).toMatchObject({ status: 'queued', attempts: 1, sealed: true, wait: minute });
    expect((await state())?.last_error).toMatch(/greeting|timeout|timed out/i);
    // Not due yet: nothing is tried.
    expect(await worker.runOnce()).toMatchObject({ retrying: 0, failed: 0 });

    clock.advance(minute);
    expect(await worker.runOnce()).toMatchObject({ retrying: 1 });
    expect(await state()).toMatchObject({ status: 'queued', attempts: 2, wait: 2 * minute });
    clock.advance(2 * minute);
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
    expect(await state()).toMatchObject({ status: 'failed', attempts: 3, sealed: false });
    expect(silent.connections()).toBe(3);
    worker.close();

    const [row] = await outbox(app);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null, demoCode: null });
    expect(row?.lastError).toMatch(/greeting|timeout|timed out/i);
  });
});

describe('mail in the member’s language, sent once however many workers run', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpCatcher>>;
  beforeAll(async () => {
    smtp = await smtpCatcher();
    app = await buildTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends each queued mail exactly once with two workers racing, in Korean to a Korean member', async () => {
    const members: Member[] = [];
    for (let i = 0; i < 4; i++) members.push(await newMember(app));
    for (const [i, m] of members.entries()) {
      const res = await postIn(app, m, 'member/sendEmailCode', { email: `k${i}@example.com` }, { locale: 'ko-KR' });
      expect(res.body.code).toBe(0);
    }
    const workers = [await mailWorkerOf(app, { batch: 2 }), await mailWorkerOf(app, { batch: 2 })];
    const rounds = [];
    for (let i = 0; i < 3; i++) rounds.push(...(await Promise.all(workers.map((w) => w.runOnce()))));
    for (const worker of workers) worker.close();
    expect(rounds.reduce((sum, r) => sum + r.sent, 0)).toBe(4);
    expect(smtp.messages.map((mail) => mail.to).sort()).toEqual(members.map((_, i) => `k${i}@example.com`));

    const mail = readMail(smtp.messages.find((m) => m.to === 'k0@example.com')?.text ?? '');
    expect(mail.subject).toBe('MineCloud 인증 코드');
    const code = codeIn(smtp.messages, 'k0@example.com');
    expect(mail.body).toContain(`MineCloud 인증 코드는 ${code} 입니다. 10분 동안 유효합니다.`);
    const bound = await post(app, members[0] as Member, 'member/bindEmail', { email: 'k0@example.com', code });
    expect(bound.body.code).toBe(0);
  });

  it('is sent by the jobs process’s scheduler, with no call of the member’s request', async () => {
    const m = await newMember(app);
    await post(app, m, 'member/sendEmailCode', { email: 'sched@example.com' });
    const scheduler = await startScheduler(app.db, app.clock, app.log, { mail: app.mailWorker });
    try {
      await expect.poll(() => smtp.messages.filter((x) => x.to === 'sched@example.com').length).toBe(1);
    } finally {
      scheduler.stop();
    }
  });

  it('writes to a member in each of the five languages, and in English when the language is unknown', async () => {
    const asked = { 'zh-CN': '验证码为', 'zh-TW': '驗證碼為', 'ms-MY': 'Kod pengesahan', fr: 'verification code is' };
    const worker = await mailWorkerOf(app);
    for (const [locale, words] of Object.entries(asked)) {
      const m = await newMember(app);
      const to = `${locale.toLowerCase()}@example.com`;
      await postIn(app, m, 'member/sendEmailCode', { email: to }, { locale });
      await worker.runOnce();
      const mail = smtp.messages.find((x) => x.to === to);
      expect(readMail(mail?.text ?? '').body).toContain(words);
    }
    worker.close();
  });
});
