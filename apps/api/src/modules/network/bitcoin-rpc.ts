import type { NetworkBlock } from '@minecloud/contract/network-day';
import { type DayBlocks, type NetworkSource, seconds } from './source.ts';

/**
 * A Bitcoin Core node's JSON-RPC (BTC_RPC_URL, with the user and password in the URL): the day's
 * blocks from `getblockcount`, `getblockhash`, `getblockheader` and `getblockstats`, as Bitcoin Core's
 * RPC reference documents them. The node needs no wallet and no index beyond its default ones.
 */

/** A node that takes longer than this to answer one request is taken as down for this try. */
const RPC_TIMEOUT_MS = 20_000;
/**
 * Blocks before the day's first whose median time is this close to the day's start are read too:
 * a block's own time may run up to two hours ahead of the network's clock (Bitcoin's consensus
 * rule), and the median of the last 11 blocks lags it by about an hour.
 */
const MARGIN_SECONDS = 4 * 3600;
/** Heights per batch request. */
const BATCH = 100;

type Header = { hash: string; height: number; time: number; mediantime: number; bits: string };
type Stats = { subsidy: number; totalfee: number };
type RpcAnswer = { result: unknown; error: { code: number; message: string } | null; id: number };

/** A node that does not answer, refuses or answers something else: why, for the wait's reason. */
export class NodeError extends Error {}

/**
 * Batch calls to a Bitcoin Core node's JSON-RPC at `url` (the user and password in the URL, sent as
 * basic auth): resolves each call's result in order, or throws NodeError saying why.
 */
export function bitcoinRpc(url: string, timeoutMs = RPC_TIMEOUT_MS) {
  const endpoint = new URL(url);
  const authorization = endpoint.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(endpoint.username)}:${decodeURIComponent(endpoint.password)}`).toString('base64')}`
    : undefined;
  endpoint.username = '';
  endpoint.password = '';
  return async function batch(calls: readonly [method: string, params: unknown[]][]): Promise<unknown[]> {
    if (calls.length === 0) return [];
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: '1.0', id, method, params }))),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new NodeError(`the Bitcoin node does not answer (${(error as Error).message})`);
    }
    if (response.status === 401) throw new NodeError('the Bitcoin node refused the RPC user or password');
    let answers: RpcAnswer[];
    try {
      answers = (await response.json()) as RpcAnswer[];
    } catch {
      throw new NodeError(`the Bitcoin node answered HTTP ${response.status} without JSON`);
    }
    if (!Array.isArray(answers)) throw new NodeError('the Bitcoin node did not answer the batch');
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    return calls.map(([method], id) => {
      const answer = byId.get(id);
      if (!answer || answer.error) {
        throw new NodeError(`the Bitcoin node refused ${method}: ${answer?.error?.message ?? 'no answer'}`);
      }
      return answer.result;
    });
  };
}

export function bitcoinRpcSource(url: string): NetworkSource {
  const batch = bitcoinRpc(url);
  const call = async <T>(method: string, params: unknown[] = []) => (await batch([[method, params]]))[0] as T;

  async function headersAt(heights: readonly number[]): Promise<Header[]> {
    const hashes = (await batch(heights.map((height) => ['getblockhash', [height]]))) as string[];
    return (await batch(hashes.map((hash) => ['getblockheader', [hash, true]]))) as Header[];
  }

  /** The lowest height whose median time is at least `time` (median times never decrease). */
  async function firstMedianAtOrAfter(time: number, tip: number): Promise<number> {
    let low = 0;
    let high = tip;
    while (low < high) {
      const middle = (low + high) >> 1;
      const [header] = await headersAt([middle]);
      if ((header as Header).mediantime < time) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  async function blocksOfDay(start: Date, end: Date): Promise<DayBlocks> {
    const [from, to] = [seconds(start), seconds(end)];
    const tip = await call<number>('getblockcount');
    const [tipHeader] = await headersAt([tip]);
    // Every block after one has a later time than its median time: once the tip's median time has
    // reached the day's end, no block of the day can still come.
    if ((tipHeader as Header).mediantime < to) {
      return { complete: false, reason: "the chain's median time has not passed the day's end" };
    }
    let height = await firstMedianAtOrAfter(from - MARGIN_SECONDS, tip);
    const headers: Header[] = [];
    for (let done = false; !done && height <= tip; height += BATCH) {
      const heights = Array.from({ length: Math.min(BATCH, tip - height + 1) }, (_, i) => height + i);
      for (const header of await headersAt(heights)) {
        if (header.time >= from && header.time < to) headers.push(header);
        // Every later block's time is after this one's median time: none of them is of the day.
        if (header.mediantime >= to) {
          done = true;
          break;
        }
      }
    }
    const stats = (await batch(
      headers.map((header) => ['getblockstats', [header.hash, ['subsidy', 'totalfee']]]),
    )) as Stats[];
    const blocks: NetworkBlock[] = headers.map((header, i) => ({
      height: header.height,
      hash: header.hash,
      time: header.time,
      bits: header.bits,
      subsidy: BigInt((stats[i] as Stats).subsidy),
      fees: BigInt((stats[i] as Stats).totalfee),
    }));
    return { complete: true, blocks };
  }

  return {
    kind: 'node',
    async blocksOfDay(start, end) {
      try {
        return await blocksOfDay(start, end);
      } catch (error) {
        if (error instanceof NodeError) return { complete: false, reason: error.message };
        throw error;
      }
    },
  };
}
