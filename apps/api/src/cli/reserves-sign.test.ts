import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reserveSignatureFileSchema } from '@minecloud/contract/console-reserves';
import { reserveMessage } from '@minecloud/contract/solvency';
import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundledEntry } from '../../test/entry.ts';

/** The CLI bundled once (test/entry.ts): each run then starts in about half the CPU of tsx. */
let script: string;
beforeAll(async () => {
  script = await bundledEntry('cli/reserves-sign.ts');
});
const dir = mkdtempSync(path.join(tmpdir(), 'reserves-'));
const key = generatePrivateKey();
const address = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;

function run(args: string[], options: { env?: Record<string, string>; input?: string } = {}) {
  const env = { ...process.env, ...options.env };
  if (!options.env?.RESERVE_KEY) delete env.RESERVE_KEY;
  const result = spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env,
    input: options.input ?? '',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run reserves:sign', () => {
  it('signs each day from --from with the key of RESERVE_KEY, and never shows the key', async () => {
    const result = run(['--chain-id', '56', '--from', '2026-12-30', '--days', '4'], { env: { RESERVE_KEY: key } });
    expect(result.code).toBe(0);
    const file = reserveSignatureFileSchema.parse(JSON.parse(result.stdout));
    expect(file).toMatchObject({ format: 'minecloud-reserve-signatures-v1', chainId: 56, address });
    expect(file.signatures.map((s) => s.day)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    for (const signed of file.signatures) {
      expect(signed.message).toBe(reserveMessage(56, address, signed.day));
      const valid = await verifyMessage({
        address,
        message: reserveMessage(56, address, signed.day),
        signature: signed.signature as `0x${string}`,
      });
      expect(valid, signed.day).toBe(true);
    }
    // Neither the key nor its hex digits alone appear anywhere.
    expect(result.stdout + result.stderr).not.toContain(key.slice(2));
  });

  it('reads the key from one line of stdin, writes --out, and defaults to 31 days from today (UTC)', async () => {
    const out = path.join(dir, 'cold.json');
    const result = run(['--chain-id', '31337', '--out', out], { input: `${key}\n` });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain(key.slice(2));
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(key.slice(2));
    const file = reserveSignatureFileSchema.parse(JSON.parse(text));
    expect(file.chainId).toBe(31337);
    expect(file.signatures).toHaveLength(31);
    expect(file.signatures[0]?.day).toBe(new Date().toISOString().slice(0, 10));
    const last = file.signatures[30] as (typeof file.signatures)[number];
    expect(
      await verifyMessage({
        address,
        message: reserveMessage(31337, address, last.day),
        signature: last.signature as `0x${string}`,
      }),
    ).toBe(true);
  });

  it('exits 2 with a clear message on bad usage, and never echoes a bad key', () => {
    const cases: [string[], string][] = [
      [[], '--chain-id is required'],
      [['--chain-id', 'x'], '--chain-id must be a positive integer'],
      [['--chain-id', '56', '--days', '0'], '--days must be between 1 and 400'],
      [['--chain-id', '56', '--days', '401'], '--days must be between 1 and 400'],
      [['--chain-id', '56', '--from', '2026-02-30'], '--from must be a day'],
      [['--chain-id', '56', '--key', key], 'unknown argument: --key'],
      [['--chain-id'], '--chain-id needs a value'],
      [['--chain-id', '56', key], 'unexpected argument (not shown)'],
    ];
    for (const [args, message] of cases) {
      const result = run(args, { env: { RESERVE_KEY: key } });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
      expect(result.stdout + result.stderr).not.toContain(key.slice(2));
    }
    const bad = `0x${'zz'.repeat(32)}`;
    const result = run(['--chain-id', '56'], { input: `${bad}\n` });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the key is not 0x and 64 hex digits');
    expect(result.stderr).not.toContain(bad);
    expect(run(['--chain-id', '56']).code).toBe(2);
  });
});
