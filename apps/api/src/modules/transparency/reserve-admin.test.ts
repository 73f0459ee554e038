import { RESERVE_FILE_FORMAT, type ReserveSignatureFile } from '@minecloud/contract/console-reserves';
import { reserveMessage } from '@minecloud/contract/solvency';
import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorWithRole, type TestApp } from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { addDays, dayOf } from '../../lib/calendar.ts';
import { fixedClock } from '../../lib/clock.ts';

const CHAIN_ID = 31337;
const hotKey = generatePrivateKey();
const hot = privateKeyToAccount(hotKey);
/** A cold key per name, made for this run only. */
const keys = { a: generatePrivateKey(), b: generatePrivateKey(), c: generatePrivateKey(), d: generatePrivateKey() };
const addressOf = (key: Hex) => privateKeyToAccount(key).address.toLowerCase();
// The app's clock stays still during the run (TOTP codes follow the real time, so it starts now).
const clock = fixedClock(new Date());
const today = dayOf(clock.now(), 'Asia/Shanghai');

/** What `npm run reserves:sign` writes: `days` days from `from`, signed by `key`. */
async function signedFile(key: Hex, from: string, days: number, chainId = CHAIN_ID): Promise<ReserveSignatureFile> {
  const account = privateKeyToAccount(key);
  const address = account.address.toLowerCase();
  const signatures = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(from, i);
    const message = reserveMessage(chainId, address, day);
    signatures.push({ day, message, signature: await account.signMessage({ message }) });
  }
  return { format: RESERVE_FILE_FORMAT, chainId, address, signatures };
}

let app: TestApp;
let finance: string;

beforeAll(async () => {
  // A chain with the hot wallet's key; no call reaches its node.
  app = await buildTestApp(
    { CHAIN_ID: String(CHAIN_ID), CHAIN_RPC_URL: 'http://127.0.0.1:9', PAYOUT_KEY: hotKey },
    undefined,
    { clock },
  );
  finance = await operatorWithRole(app, 'fiona', 'finance');
});
afterAll(() => app.close());

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) {
  const res = await app.inject({
    method,
    url: `/admin-api/${path}`,
    headers: { authorization: `Bearer ${finance}`, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}
const add = (address: string, label: string) => call('POST', 'reserves/addresses', { address, label });
const upload = (file: object) => call('POST', 'reserves/signatures/upload', file);
const signedDays = async (address: string) =>
  (
    await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from reserve_signatures where address = ${address}`,
    )
  )[0]?.n;
const actions = async (address: string) =>
  (
    await queryRows<{ action: string }>(app.db, sql`select action from audit_log where target = ${address} order by id`)
  ).map((row) => row.action);

describe('cold reserve addresses', () => {
  it('adds an address in any letter case, stored lower-case, and refuses it twice', async () => {
    const address = addressOf(keys.a);
    const mixed = privateKeyToAccount(keys.a).address;
    const first = await add(mixed, '  Vault A  ');
    expect(first.body).toMatchObject({ code: 0, data: { address, label: 'Vault A' } });
    // The checksum is not checked: a wrong letter case is the same address.
    const again = await add(`0x${mixed.slice(2).toUpperCase()}`, 'Vault A again');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(1131);
    expect((await add(address.slice(0, 41), 'short')).status).toBe(400);
    expect((await add(`0x${'g'.repeat(40)}`, 'not hex')).status).toBe(400);
    expect((await add(addressOf(keys.d), '   ')).status).toBe(400);
    expect(await actions(address)).toEqual(['reserves.add']);
  });

  it('refuses the payout hot wallet, in any letter case', async () => {
    const refused = await add(hot.address, 'hot');
    expect(refused.body.code).toBe(1130);
    expect(refused.body.msg).toContain('hot wallet');
    expect((await add(hot.address.toLowerCase(), 'hot')).body.code).toBe(1130);
  });
});

describe('uploading signatures', () => {
  it('stores a valid file, answers the range, and stores the same file again as it was', async () => {
    const address = addressOf(keys.a);
    const file = await signedFile(keys.a, today, 31);
    const stored = await upload(file);
    expect(stored.body).toEqual({
      code: 0,
      msg: expect.any(String),
      data: { address, chainId: CHAIN_ID, stored: 31, from: today, to: addDays(today, 30) },
    });
    expect(await signedDays(address)).toBe(31);
    const [row] = await queryRows<{ signature: string; chain_id: number; day: string }>(
      app.db,
      sql`select signature, chain_id, day::text as day from reserve_signatures where address = ${address} and day = ${today}`,
    );
    expect(row).toEqual({ signature: file.signatures[0]?.signature, chain_id: CHAIN_ID, day: today });
    expect((await upload(file)).body.data.stored).toBe(31);
    expect(await signedDays(address)).toBe(31);
    expect(await actions(address)).toEqual(['reserves.add', 'reserves.upload', 'reserves.upload']);
  });

  it('takes a file of 400 days, the most, and refuses 401', async () => {
    const address = addressOf(keys.c);
    expect((await add(address, 'Vault C')).body.code).toBe(0);
    // From the day after tomorrow: today and tomorrow stay unsigned (the overview warns).
    const file = await signedFile(keys.c, addDays(today, 2), 400);
    expect((await upload(file)).body.data).toMatchObject({ stored: 400, to: addDays(today, 401) });
    const tooMany = { ...file, signatures: [...file.signatures, { ...file.signatures[0], day: addDays(today, 402) }] };
    expect((await upload(tooMany)).status).toBe(400);
    expect(await signedDays(address)).toBe(400);
  });

  it('refuses the whole file when one signature is forged, naming the day, and stores nothing', async () => {
    const address = addressOf(keys.b);
    expect((await add(address, 'Vault B')).body.code).toBe(0);
    const file = await signedFile(keys.b, today, 10);
    // Day 4 signed by another key, as if for this address.
    const forger = privateKeyToAccount(keys.d);
    const day = addDays(today, 3);
    const forged = await forger.signMessage({ message: reserveMessage(CHAIN_ID, address, day) });
    const signatures = file.signatures.map((s) => (s.day === day ? { ...s, signature: forged } : s));
    const refused = await upload({ ...file, signatures });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(1134);
    expect(refused.body.msg).toContain(day);
    // A day's signature moved to another day, and bytes that are no signature at all.
    const swapped = file.signatures.map((s, i) => (i === 5 ? { ...s, signature: file.signatures[6]?.signature } : s));
    expect((await upload({ ...file, signatures: swapped })).body.msg).toContain(addDays(today, 5));
    const junk = file.signatures.map((s, i) => (i === 0 ? { ...s, signature: `0x${'ab'.repeat(65)}` } : s));
    expect((await upload({ ...file, signatures: junk })).body.code).toBe(1134);
    expect(await signedDays(address)).toBe(0);
    expect(await actions(address)).toEqual(['reserves.add']);
  });

  it('refuses signatures for another chain', async () => {
    const address = addressOf(keys.b);
    const refused = await upload(await signedFile(keys.b, today, 3, 56));
    expect(refused.body.code).toBe(1133);
    expect(refused.body.msg).toContain('--chain-id 31337');
    expect(await signedDays(address)).toBe(0);
  });

  it('refuses an address not added, or removed; taking it back un-removes it', async () => {
    const stranger = await signedFile(keys.d, today, 2);
    expect((await upload(stranger)).body.code).toBe(1132);
    expect((await upload({ ...stranger, format: 'other' })).status).toBe(400);

    const address = addressOf(keys.b);
    const removed = await call('DELETE', `reserves/addresses/${address}`);
    expect(removed.body).toMatchObject({ code: 0, data: { address, removedAt: clock.now().toISOString() } });
    expect((await call('DELETE', `reserves/addresses/${address}`)).body.code).toBe(1132);
    expect((await call('DELETE', `reserves/addresses/${addressOf(keys.d)}`)).status).toBe(404);
    const file = await signedFile(keys.b, today, 2);
    expect((await upload(file)).body.code).toBe(1132);
    expect(await signedDays(address)).toBe(0);

    expect((await add(address, 'Vault B, back')).body.code).toBe(0);
    expect((await upload(file)).body.data.stored).toBe(2);
    expect(await actions(address)).toEqual(['reserves.add', 'reserves.remove', 'reserves.readd', 'reserves.upload']);
  });
});

describe('the reserves overview', () => {
  it('shows the hot wallet, how far ahead each cold address is signed, and a published day below 1', async () => {
    const d = addressOf(keys.d);
    expect((await add(d, 'Vault D')).body.code).toBe(0);
    expect((await call('DELETE', `reserves/addresses/${d}`)).body.code).toBe(0);
    const body = {
      day: addDays(today, -1),
      chainId: CHAIN_ID,
      block: { number: '100', hash: `0x${'1'.repeat(64)}` },
      previous: null,
      assets: [
        { asset: 'GOLD', reserves: null, ratio: null, covered: null },
        { asset: 'USDT', ratio: '0.9500', covered: false },
        { asset: 'BTC', ratio: '1.2000', covered: true },
      ],
    };
    await app.db.execute(sql`
      insert into solvency_snapshots (day, chain_id, body, commitment, anchor_tx_hash, anchor_block, published_at)
      values (${addDays(today, -1)}, ${CHAIN_ID}, ${JSON.stringify(body)}::jsonb, ${'a'.repeat(64)},
              ${`0x${'2'.repeat(64)}`}, null, now()),
             (${addDays(today, -2)}, ${CHAIN_ID}, ${JSON.stringify({ ...body, day: addDays(today, -2) })}::jsonb,
              ${'b'.repeat(64)}, ${`0x${'3'.repeat(64)}`}, 99, now())`);

    const { body: answer } = await call('GET', 'reserves');
    expect(answer.code).toBe(0);
    const data = answer.data;
    expect(data).toMatchObject({ chainId: CHAIN_ID, today, hotWallet: hot.address.toLowerCase() });
    const byAddress = Object.fromEntries(data.cold.map((c: { address: string }) => [c.address, c]));
    expect(byAddress[addressOf(keys.a)]).toMatchObject({
      label: 'Vault A',
      removedAt: null,
      signedAhead: 31,
      lastSignedDay: addDays(today, 30),
      unsignedSoon: null,
    });
    // Signed for today and tomorrow only.
    expect(byAddress[addressOf(keys.b)]).toMatchObject({
      signedAhead: 2,
      lastSignedDay: addDays(today, 1),
      unsignedSoon: null,
    });
    // Signed from the day after tomorrow: today's snapshot would leave it out.
    expect(byAddress[addressOf(keys.c)]).toMatchObject({
      signedAhead: 29,
      lastSignedDay: addDays(today, 401),
      unsignedSoon: today,
    });
    expect(byAddress[d]).toMatchObject({ removedAt: expect.any(String), signedAhead: 0, unsignedSoon: null });
    expect(data.cold.at(-1).address).toBe(d);

    expect(data.days).toEqual([
      {
        day: addDays(today, -1),
        chainId: CHAIN_ID,
        assets: [
          { asset: 'GOLD', ratio: null, covered: null },
          { asset: 'USDT', ratio: '0.9500', covered: false },
          { asset: 'BTC', ratio: '1.2000', covered: true },
        ],
        anchor: { txHash: `0x${'2'.repeat(64)}`, blockNumber: null },
        anchorError: null,
        publishedAt: expect.any(String),
      },
      expect.objectContaining({
        day: addDays(today, -2),
        anchor: { txHash: `0x${'3'.repeat(64)}`, blockNumber: '99' },
      }),
    ]);
  });

  it('is for finance and the owner only', async () => {
    const support = await operatorWithRole(app, 'sam', 'support');
    const res = await app.inject({
      method: 'GET',
      url: '/admin-api/reserves',
      headers: { authorization: `Bearer ${support}` },
    });
    expect(res.statusCode).toBe(403);
  });
});
