// `npm run network:verify -- (<day.json> | --day <YYYY-MM-DD> --server <origin>) [--hash-rate <TH/s>
// --output <BTC>] [--rpc <url>]`: recomputes on this machine what one TH/s earned on a settled day,
// from the day's published blocks (GET /app-api/transparency/network-day, saved or asked of the
// server), with the same code the server settles with (contract/network-day.ts): the blocks' work,
// the rate before the pool fee, and the rate paid after it. With `--hash-rate` and `--output` (a
// member's figures of that day, from their hash-rate page), also that the output is the hash rate ×
// the rate, rounded down to the satoshi. With `--rpc`, a Bitcoin Core node of your choice is asked
// for every published block: its hash, time, target, subsidy and fees, and that the chainwork the
// blocks added is their work. Exit 0: it all agrees; 1: something does not; 2: unreadable or bad usage.
import { readFileSync } from 'node:fs';
import { parseAmount } from '@minecloud/contract/amount';
import { dailySatoshis, parseHashRate } from '@minecloud/contract/miner';
import { type NetworkBlock, networkDayRate } from '@minecloud/contract/network-day';
import { networkDayAnswerSchema } from '@minecloud/contract/transparency';
import type { z } from 'zod';
import { bitcoinRpc } from '../modules/network/bitcoin-rpc.ts';

type Day = z.infer<typeof networkDayAnswerSchema>;

const USAGE =
  'usage: npm run network:verify -- (<day.json> | --day <YYYY-MM-DD> --server <origin>) [--hash-rate <TH/s> --output <BTC>] [--rpc <url>]';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

const VALUED = ['--day', '--server', '--hash-rate', '--output', '--rpc'] as const;
type Option = (typeof VALUED)[number];
const args = process.argv.slice(2);
const options: Partial<Record<Option | 'file', string>> = {};
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string;
  if ((VALUED as readonly string[]).includes(arg)) {
    const value = args[++i];
    if (!value) usage(`${arg} needs a value`);
    options[arg as Option] = value;
  } else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
  else if (options.file) usage(`one day file only (got ${options.file} and ${arg})`);
  else options.file = arg;
}
if (!options.file === !(options['--day'] && options['--server'])) usage('give a saved day, or --day and --server');
if (!options['--hash-rate'] !== !options['--output']) usage('--hash-rate and --output go together');

/** The day's answer, saved (the envelope or its data) or asked of the server. */
async function readDay(): Promise<Day> {
  let raw: unknown;
  try {
    if (options.file) raw = JSON.parse(readFileSync(options.file, 'utf8'));
    else {
      const url = new URL(`/app-api/transparency/network-day?day=${options['--day']}`, options['--server']);
      raw = await (await fetch(url, { signal: AbortSignal.timeout(20_000) })).json();
    }
  } catch (error) {
    console.error(`cannot read the day: ${(error as Error).message}`);
    process.exit(2);
  }
  const envelope = raw as { code?: unknown; data?: unknown; msg?: unknown };
  if (typeof envelope.code === 'number' && envelope.code !== 0) {
    console.error(`the server refused: ${String(envelope.msg)}`);
    process.exit(2);
  }
  const parsed = networkDayAnswerSchema.safeParse(envelope.data ?? raw);
  if (!parsed.success) {
    console.error(`not a network day: ${parsed.error.issues[0]?.message ?? 'malformed'}`);
    process.exit(2);
  }
  return parsed.data;
}

/** Asks `url` (a Bitcoin Core JSON-RPC) for each published block and the chainwork around them. */
async function checkOnNode(url: string, blocks: NetworkBlock[], work: bigint): Promise<string[]> {
  const rpc = bitcoinRpc(url, 60_000);
  const problems: string[] = [];
  const hashes = (await rpc(blocks.map((b) => ['getblockhash', [b.height]]))) as string[];
  const headers = (await rpc(hashes.map((hash) => ['getblockheader', [hash, true]]))) as {
    time: number;
    bits: string;
    chainwork: string;
    previousblockhash?: string;
  }[];
  const stats = (await rpc(hashes.map((hash) => ['getblockstats', [hash, ['subsidy', 'totalfee']]]))) as {
    subsidy: number;
    totalfee: number;
  }[];
  for (const [i, block] of blocks.entries()) {
    const header = headers[i];
    const stat = stats[i];
    if (hashes[i] !== block.hash) problems.push(`block ${block.height}: the node's hash is ${hashes[i]}`);
    if (header?.time !== block.time || header?.bits !== block.bits) {
      problems.push(`block ${block.height}: the node's time and bits are ${header?.time} ${header?.bits}`);
    }
    if (BigInt(stat?.subsidy ?? -1) !== block.subsidy || BigInt(stat?.totalfee ?? -1) !== block.fees) {
      problems.push(`block ${block.height}: the node's subsidy and fees are ${stat?.subsidy} ${stat?.totalfee}`);
    }
  }
  // In a run of consecutive heights, the chainwork added from the block before the first to the last.
  const first = blocks[0];
  const last = blocks.at(-1);
  if (first && last && last.height - first.height + 1 === blocks.length) {
    const before = headers[0]?.previousblockhash;
    const [previous] = before ? ((await rpc([['getblockheader', [before, true]]])) as { chainwork: string }[]) : [];
    const added = BigInt(`0x${headers.at(-1)?.chainwork ?? '0'}`) - BigInt(`0x${previous?.chainwork ?? '0'}`);
    if (added !== work) problems.push(`the chainwork the blocks added is ${added}, not ${work}`);
    else console.log(`✓ chainwork from block ${first.height - 1} to ${last.height} grew by ${added}: the day's work`);
  }
  return problems;
}

const day = await readDay();
const blocks: NetworkBlock[] = day.blockList.map((b) => ({ ...b, subsidy: BigInt(b.subsidy), fees: BigInt(b.fees) }));
const problems: string[] = [];
console.log(
  `network day ${day.day}: ${blocks.length} blocks ${day.firstHeight}–${day.lastHeight} from ${day.source === 'simulated' ? 'the SIMULATED chain (a demo: not Bitcoin)' : 'a Bitcoin node'}`,
);
const gross = networkDayRate(blocks, '0');
if (!gross) problems.push('the day has no blocks');
else {
  if (gross.blocks !== day.blocks) problems.push(`${gross.blocks} blocks listed, ${day.blocks} stated`);
  if (gross.work.toString() !== day.work) problems.push(`the blocks' work is ${gross.work}, ${day.work} stated`);
  if (gross.grossRate !== day.btcPerTh) problems.push(`one TH/s earned ${gross.grossRate} BTC, ${day.btcPerTh} stated`);
  else console.log(`✓ one TH/s earned ${gross.grossRate} BTC before the pool fee (Σ work ${gross.work})`);
}
const settled = day.settled;
let rate: string | null = null;
if (!settled) console.log('the day is not settled yet');
else if (settled.output === 'fixed') {
  rate = settled.rate;
  console.log(`the day was paid at the fixed rate ${settled.rate} BTC per TH/s, not from the network`);
} else {
  const net = networkDayRate(blocks, settled.poolFee ?? '0');
  rate = settled.rate;
  if (net?.rate !== settled.rate)
    problems.push(`after the pool fee ${settled.poolFee}: ${net?.rate}, ${settled.rate} paid`);
  else console.log(`✓ after the pool fee ${settled.poolFee}: ${net.rate} BTC per TH/s, the rate paid`);
}
if (options['--hash-rate'] && options['--output']) {
  const units = parseHashRate(options['--hash-rate']);
  const output = parseAmount(options['--output'], 'BTC');
  if (units === null || !output.ok) usage('--hash-rate is TH/s (up to 6 places), --output BTC (up to 8)');
  if (rate === null) problems.push('no rate was paid for the day yet');
  else {
    const expected = dailySatoshis(units, rate);
    if (expected !== output.units)
      problems.push(`${options['--hash-rate']} TH/s × ${rate} is ${expected} satoshis, not ${output.units}`);
    else
      console.log(
        `✓ ${options['--hash-rate']} TH/s × ${rate} = ${options['--output']} BTC, rounded down to the satoshi`,
      );
  }
}
if (options['--rpc']) {
  try {
    problems.push(...(await checkOnNode(options['--rpc'], blocks, gross?.work ?? 0n)));
  } catch (error) {
    console.error(`the node at --rpc did not answer: ${(error as Error).message}`);
    process.exit(2);
  }
}
if (problems.length > 0) {
  for (const problem of problems) console.log(`✗ ${problem}`);
  console.log('network day INVALID');
  process.exit(1);
}
console.log('network day VALID');
