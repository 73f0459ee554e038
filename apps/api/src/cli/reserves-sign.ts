// `npm run reserves:sign -- --chain-id N [--from YYYY-MM-DD] [--days N] [--out FILE]`: signs, on an
// offline machine, the proof-of-reserves message of a cold address for many snapshot days ahead
// (contract/solvency.ts reserveMessage), and writes the file the operator uploads in the console
// (contract/console-reserves.ts). The private key comes from RESERVE_KEY or, when that is unset, one
// line on stdin: never from the command line, and it is never printed. No network is used.
// Exit 0: written; 2: bad usage or a bad key.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  isCalendarDay,
  RESERVE_FILE_FORMAT,
  RESERVE_SIGN_MAX_DAYS,
  type ReserveSignatureFile,
} from '@minecloud/contract/console-reserves';
import { reserveMessage } from '@minecloud/contract/solvency';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const USAGE =
  'usage: npm run reserves:sign -- --chain-id N [--from YYYY-MM-DD] [--days N] [--out FILE]\n' +
  '  the key: env RESERVE_KEY, or one line on stdin (0x and 64 hex digits)\n' +
  `  --from defaults to today (UTC); --days to 31 (1..${RESERVE_SIGN_MAX_DAYS}); --out to stdout\n`;

function usage(problem: string): never {
  process.stderr.write(`${problem}\n${USAGE}`);
  process.exit(2);
}

type Options = { chainId: number; from: string; days: number; out: string | null };

function parseArgs(argv: string[]): Options {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    if (flag === '--help' || flag === '-h') {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    if (!['--chain-id', '--from', '--days', '--out'].includes(flag)) {
      // Not echoed unless it is a short flag: it might be the key, given where it must not be.
      if (/^--[a-z-]{1,20}$/.test(flag)) usage(`unknown argument: ${flag}`);
      usage('unexpected argument (not shown): the key is read from RESERVE_KEY or stdin, never from arguments');
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) usage(`${flag} needs a value`);
    if (given.has(flag)) usage(`${flag} given twice`);
    given.set(flag, value);
    i++;
  }
  const chainText = given.get('--chain-id');
  if (chainText === undefined) usage('--chain-id is required');
  if (!/^\d{1,15}$/.test(chainText) || Number(chainText) < 1) usage(`--chain-id must be a positive integer`);
  const from = given.get('--from') ?? new Date().toISOString().slice(0, 10);
  if (!isCalendarDay(from)) usage('--from must be a day as YYYY-MM-DD');
  const daysText = given.get('--days') ?? '31';
  const days = /^\d{1,4}$/.test(daysText) ? Number(daysText) : Number.NaN;
  if (!(days >= 1 && days <= RESERVE_SIGN_MAX_DAYS)) usage(`--days must be between 1 and ${RESERVE_SIGN_MAX_DAYS}`);
  return { chainId: Number(chainText), from, days, out: given.get('--out') ?? null };
}

async function readKey(): Promise<string> {
  const fromEnv = process.env.RESERVE_KEY;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv.trim();
  if (process.stdin.isTTY) process.stderr.write('private key (not shown in the output): ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return '';
}

function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const raw = await readKey();
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? `0x${raw}` : raw;
  // The key is never part of a message: a bad one is named only as bad.
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) usage('the key is not 0x and 64 hex digits (set RESERVE_KEY or pipe it)');
  let account: ReturnType<typeof privateKeyToAccount>;
  try {
    account = privateKeyToAccount(key as Hex);
  } catch {
    usage('the key is not a valid secp256k1 private key');
  }
  const address = account.address.toLowerCase();
  const signatures: ReserveSignatureFile['signatures'] = [];
  for (let i = 0; i < options.days; i++) {
    const day = addDays(options.from, i);
    const message = reserveMessage(options.chainId, address, day);
    signatures.push({ day, message, signature: await account.signMessage({ message }) });
  }
  const file: ReserveSignatureFile = { format: RESERVE_FILE_FORMAT, chainId: options.chainId, address, signatures };
  const text = `${JSON.stringify(file, null, 2)}\n`;
  if (options.out) {
    writeFileSync(options.out, text);
    const last = signatures.at(-1)?.day;
    process.stderr.write(
      `signed ${options.days} days (${options.from} … ${last}) for ${address} into ${options.out}\n`,
    );
  } else process.stdout.write(text);
}

await main();
