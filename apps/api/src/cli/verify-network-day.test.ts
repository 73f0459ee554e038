import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatAmount } from '@minecloud/contract/amount';
import { dailySatoshis, parseHashRate } from '@minecloud/contract/miner';
import { difficultyOfBits, type NetworkBlock, networkDayRate } from '@minecloud/contract/network-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNode, type TestNode, testChain } from '../../test/bitcoin-node.ts';
import { bundledEntry } from '../../test/entry.ts';

/** The CLI bundled once (test/entry.ts). */
let script: string;
let node: TestNode;
const dir = mkdtempSync(path.join(tmpdir(), 'network-day-'));
const DAY_START = Date.UTC(2026, 11, 1, 16) / 1000;
const chain = testChain(DAY_START);
const blocks = chain.filter((block) => block.time >= DAY_START && block.time < DAY_START + 86_400);

beforeAll(async () => {
  [script, node] = await Promise.all([
    bundledEntry('cli/verify-network-day.ts'),
    startNode(chain, chain.at(-1)?.height ?? 0),
  ]);
});
afterAll(() => node.stop());

/** A day's answer as the server publishes it, from `list` (the day's blocks, or tampered ones). */
function answer(list: NetworkBlock[], poolFee = '0.02') {
  const gross = networkDayRate(list, '0');
  const net = networkDayRate(list, poolFee);
  return {
    day: '2026-12-02',
    source: 'node',
    firstHeight: list[0]?.height,
    lastHeight: list.at(-1)?.height,
    blocks: list.length,
    subsidy: formatAmount(gross?.subsidy ?? 0n, 'BTC'),
    fees: formatAmount(gross?.fees ?? 0n, 'BTC'),
    difficulty: { low: difficultyOfBits('17034219'), high: difficultyOfBits('17034219') },
    work: String(gross?.work),
    btcPerTh: gross?.grossRate,
    settled: { output: 'network', rate: net?.rate, poolFee, members: 1, totalBtc: '0.00006' },
    blockList: list.map((b) => ({
      height: b.height,
      hash: b.hash,
      time: b.time,
      bits: b.bits,
      subsidy: String(b.subsidy),
      fees: String(b.fees),
    })),
  };
}

function save(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

async function run(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], { encoding: 'utf8' });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

const good = answer(blocks);
const rate = good.settled.rate as string;
const mine = formatAmount(dailySatoshis(parseHashRate('95') as bigint, rate), 'BTC');

describe('npm run network:verify', () => {
  it("recomputes a saved day's work and rates, and a member's output of it", async () => {
    const result = await run(
      save('good.json', { code: 0, data: good, msg: '' }),
      '--hash-rate',
      '95',
      '--output',
      mine,
    );
    expect(result.out).toContain(`✓ one TH/s earned ${good.btcPerTh} BTC before the pool fee`);
    expect(result.out).toContain(`✓ after the pool fee 0.02: ${rate} BTC per TH/s, the rate paid`);
    expect(result.out).toContain(`✓ 95 TH/s × ${rate} = ${mine} BTC`);
    expect(result.out).toContain('network day VALID');
    expect(result.code).toBe(0);
  });

  it('finds a rate that the blocks do not give, and an output that is not hash rate × rate', async () => {
    const raised = { ...good, settled: { ...good.settled, rate: '0.0000009' } };
    const result = await run(save('raised.json', raised));
    expect(result.out).toContain(`✗ after the pool fee 0.02: ${rate}, 0.0000009 paid`);
    expect(result.code).toBe(1);
    const more = await run(save('good-data.json', good), '--hash-rate', '95', '--output', '0.001');
    expect(more.out).toContain('✗ 95 TH/s');
    expect(more.out).toContain('network day INVALID');
    expect(more.code).toBe(1);
  });

  it("asks a node of the member's choice for every block and the chainwork they added", async () => {
    const result = await run(save('node.json', good), '--rpc', node.url);
    expect(result.out).toContain(`grew by ${good.work}: the day's work`);
    expect(result.code).toBe(0);
    // A server that published other fees than the chain's, with figures consistent with them.
    const inflated = blocks.map((b, i) => (i === 3 ? { ...b, fees: b.fees + 50_000_000n } : b));
    const lie = await run(save('lie.json', answer(inflated)), '--rpc', node.url);
    expect(lie.out).toContain(`✗ block ${blocks[3]?.height}: the node's subsidy and fees are`);
    expect(lie.code).toBe(1);
    // One that stated another target for a block: the day's work is not what the chain added.
    const retargeted = blocks.map((b, i) => (i === 5 ? { ...b, bits: '1703255b' } : b));
    const other = await run(save('retargeted.json', answer(retargeted)), '--rpc', node.url);
    expect(other.out).toContain(`✗ block ${blocks[5]?.height}: the node's time and bits are`);
    expect(other.out).toContain('✗ the chainwork the blocks added is');
    expect(other.code).toBe(1);
  });

  it('asks the server for the day with --day and --server', async () => {
    const server = createServer((request, response) => {
      const wanted = request.url === '/app-api/transparency/network-day?day=2026-12-02';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(wanted ? { code: 0, data: good, msg: '' } : { code: 404, data: null, msg: 'no day' }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await run('--day', '2026-12-02', '--server', origin)).toMatchObject({ code: 0 });
      const missing = await run('--day', '2026-11-02', '--server', origin);
      expect(missing).toMatchObject({ code: 2, out: expect.stringContaining('the server refused: no day') });
    } finally {
      server.close();
    }
  });

  it('says how to use it, and exits 2', async () => {
    expect(await run()).toMatchObject({ code: 2, out: expect.stringContaining('usage: npm run network:verify') });
    expect(await run(save('x.json', good), '--hash-rate', '95')).toMatchObject({ code: 2 });
    expect(await run(save('bad.json', { day: 'x' }))).toMatchObject({
      code: 2,
      out: expect.stringContaining('not a network day'),
    });
  });
});
