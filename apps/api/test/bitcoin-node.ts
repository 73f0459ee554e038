import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  difficultyOfBits,
  type NetworkBlock,
  RETARGET_INTERVAL,
  subsidyAt,
  workOfBits,
} from '@minecloud/contract/network-day';

/** The height of the test chain's retarget. */
export const RETARGET_HEIGHT = 417 * RETARGET_INTERVAL;

export type ChainBlock = NetworkBlock & { mediantime: number; chainwork: bigint };

/**
 * A made-up chain of about a week from `dayStart` (seconds), in Bitcoin Core's formats: its first
 * day crosses a halving (height 840,000, where mainnet's subsidy halved to 3.125 BTC), its sixth a
 * retarget (840,672 = 417 × 2016),
 * and some block times run out of order, as mainnet's may within its rules.
 */
export function testChain(dayStart: number): ChainBlock[] {
  const chain: ChainBlock[] = [];
  const first = 839_900;
  let time = dayStart + 36_000 - 100 * 600 + 37;
  let chainwork = 0n;
  for (let height = first; height < 841_000; height += 1) {
    time += 500 + ((height * 7919) % 200);
    // Every 17th block claims a time 40 minutes early, still after the median of the last 11.
    const own = height % 17 === 0 ? time - 2400 : time;
    const bits = height < RETARGET_HEIGHT ? '17034219' : '1703255b';
    chainwork += workOfBits(bits);
    const times = [...chain.slice(-10).map((block) => block.time), own].sort((a, b) => a - b);
    chain.push({
      height,
      hash: createHash('sha256').update(`test block ${height}`).digest('hex'),
      time: own,
      bits,
      subsidy: subsidyAt(height),
      fees: BigInt(1_000_000 + ((height * 104_729) % 3_000_000)),
      mediantime: times[Math.floor(times.length / 2)] as number,
      chainwork,
    });
  }
  return chain;
}

export type TestNode = { url: string; requests: number; failFrom: number; stop: () => Promise<void> };

/**
 * A local JSON-RPC server on 127.0.0.1 that answers as Bitcoin Core does (its RPC reference's result
 * formats; batches as an array; a wrong password as HTTP 401); `failFrom` drops every connection from
 * that request on, as a node that went down.
 */
export async function startNode(chain: ChainBlock[], tip: number): Promise<TestNode> {
  const byHash = new Map(chain.map((block) => [block.hash, block]));
  const first = chain[0]?.height ?? 0;
  /** A block below the test chain's: years earlier, asked for only by the search for the day's first height. */
  const older = (height: number) => {
    const time = 1_231_006_505 + height * 600;
    const block = { ...(chain[0] as ChainBlock), height, time, mediantime: time - 3000 };
    block.hash = createHash('sha256').update(`older block ${height}`).digest('hex');
    byHash.set(block.hash, block);
    return block;
  };
  const state = { requests: 0, failFrom: Number.POSITIVE_INFINITY };
  const answer = (
    method: string,
    params: unknown[],
  ): { result: unknown } | { error: { code: number; message: string } } => {
    if (method === 'getblockcount') return { result: tip };
    if (method === 'getblockhash') {
      const height = params[0] as number;
      const block = height < first ? older(height) : chain[height - first];
      return block && block.height <= tip
        ? { result: block.hash }
        : { error: { code: -8, message: 'Block height out of range' } };
    }
    const block = byHash.get(params[0] as string);
    if (!block) return { error: { code: -5, message: 'Block not found' } };
    if (method === 'getblockheader') {
      return {
        result: {
          hash: block.hash,
          confirmations: tip - block.height + 1,
          height: block.height,
          version: 536870912,
          versionHex: '20000000',
          merkleroot: createHash('sha256').update(block.hash).digest('hex'),
          time: block.time,
          mediantime: block.mediantime,
          nonce: 12345,
          bits: block.bits,
          difficulty: Number(difficultyOfBits(block.bits)),
          chainwork: block.chainwork.toString(16).padStart(64, '0'),
          nTx: 3000,
          previousblockhash: chain[block.height - first - 1]?.hash,
          nextblockhash: block.height < tip ? chain[block.height - first + 1]?.hash : undefined,
        },
      };
    }
    if (method === 'getblockstats') {
      const stats = {
        subsidy: Number(block.subsidy),
        totalfee: Number(block.fees),
        height: block.height,
        time: block.time,
      };
      const wanted = (params[1] as (keyof typeof stats)[] | undefined) ?? Object.keys(stats);
      return { result: Object.fromEntries(wanted.map((name) => [name, stats[name as keyof typeof stats]])) };
    }
    return { error: { code: -32601, message: 'Method not found' } };
  };
  const server: Server = createServer((request, response) => {
    state.requests += 1;
    if (state.requests >= state.failFrom) {
      request.socket.destroy();
      return;
    }
    if (request.headers.authorization !== `Basic ${Buffer.from('miner:secret').toString('base64')}`) {
      response.writeHead(401).end();
      return;
    }
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const calls = JSON.parse(body) as { id: number; method: string; params: unknown[] }[];
      const answers = calls.map((c) => ({ result: null, error: null, ...answer(c.method, c.params), id: c.id }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://miner:secret@127.0.0.1:${port}/`,
    get requests() {
      return state.requests;
    },
    get failFrom() {
      return state.failFrom;
    },
    set failFrom(value: number) {
      state.failFrom = value;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
