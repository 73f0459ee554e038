import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC proxy on 127.0.0.1 in front of the test chain, as a load balancer over nodes that do
 * not agree would be: for each request, `view` chooses whether a fresh node answers (the upstream
 * as is) or one that lags at an older block. A lagging node is modelled faithfully, from the
 * upstream's own history: its head is that block, a receipt or transaction mined after it is
 * unknown, a later block is null, and a state question about a later block is an error ("header
 * not found"), as geth answers. Raw transactions always reach the upstream (a lagging node relays).
 */

type JsonRpcRequest = { jsonrpc: '2.0'; id: number | string; method: string; params?: unknown[] };
type JsonRpcAnswer = {
  jsonrpc: '2.0';
  id: number | string;
  result?: unknown;
  error?: { code: number; message: string };
};

/** The block a lagging node is at, or null for a fresh answer. */
export type View = (method: string, params: unknown[]) => bigint | null;

export type StaleRpcProxy = {
  url: string;
  /** Which node answers each request; fresh by default. */
  view: View;
  /** A last word on a fresh answer (a node whose pool says more than the chain will, …). */
  rewrite: ((method: string, params: unknown[], result: unknown) => unknown) | null;
  /** Requests answered by a lagging node, by method. */
  stale: Map<string, number>;
  close(): Promise<void>;
};

const fresh: View = () => null;
const hex = (n: bigint) => `0x${n.toString(16)}`;
const STATE_METHODS = new Set(['eth_getTransactionCount', 'eth_getBalance', 'eth_call', 'eth_getCode']);

export async function staleRpcProxy(upstream: string): Promise<StaleRpcProxy> {
  let nextId = 1;
  const call = async (method: string, params: unknown[]): Promise<JsonRpcAnswer> => {
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    });
    return (await response.json()) as JsonRpcAnswer;
  };
  const numberOf = (value: unknown) => (typeof value === 'string' && value.startsWith('0x') ? BigInt(value) : null);

  /** The answer of a node whose head is `at`. */
  async function lagging(
    method: string,
    params: unknown[],
    at: bigint,
  ): Promise<Omit<JsonRpcAnswer, 'id' | 'jsonrpc'>> {
    const unknownBlock = { error: { code: -32000, message: 'header not found' } };
    if (method === 'eth_blockNumber') return { result: hex(at) };
    if (method === 'eth_getTransactionReceipt' || method === 'eth_getTransactionByHash') {
      const answer = await call(method, params);
      const block = numberOf((answer.result as { blockNumber?: string } | null)?.blockNumber);
      return block !== null && block > at ? { result: null } : answer;
    }
    if (method === 'eth_getBlockByNumber') {
      const [tag, full] = params;
      const number =
        tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized' ? at : numberOf(tag);
      if (number === null || number > at) return { result: null };
      return call(method, [hex(number), full]);
    }
    if (method === 'eth_getBlockByHash') {
      const answer = await call(method, params);
      const block = numberOf((answer.result as { number?: string } | null)?.number);
      return block !== null && block > at ? { result: null } : answer;
    }
    if (STATE_METHODS.has(method)) {
      const last = params.length - 1;
      const tag = params[last];
      let number: bigint | null;
      if (tag === undefined || tag === 'latest' || tag === 'pending') number = at;
      else if (typeof tag === 'object' && tag !== null && 'blockHash' in tag) {
        const block = await call('eth_getBlockByHash', [(tag as { blockHash: string }).blockHash, false]);
        number = numberOf((block.result as { number?: string } | null)?.number);
        if (number === null) return unknownBlock;
      } else if (typeof tag === 'object' && tag !== null && 'blockNumber' in tag) {
        number = numberOf((tag as { blockNumber: string }).blockNumber);
      } else number = numberOf(tag);
      if (number === null || number > at) return unknownBlock;
      const forwarded = [...params];
      forwarded[tag === undefined ? params.length : last] = hex(number);
      return call(method, forwarded);
    }
    return call(method, params);
  }

  async function answer(request: JsonRpcRequest): Promise<JsonRpcAnswer> {
    const params = request.params ?? [];
    const at = request.method === 'eth_sendRawTransaction' ? null : proxy.view(request.method, params);
    if (at === null) {
      const fresh = await call(request.method, params);
      const result =
        proxy.rewrite && 'result' in fresh ? proxy.rewrite(request.method, params, fresh.result) : undefined;
      return { ...fresh, ...(result !== undefined ? { result } : {}), id: request.id };
    }
    proxy.stale.set(request.method, (proxy.stale.get(request.method) ?? 0) + 1);
    return { jsonrpc: '2.0', ...(await lagging(request.method, params, at)), id: request.id };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as JsonRpcRequest | JsonRpcRequest[];
        const answered = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answered));
      } catch (error) {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: StaleRpcProxy = {
    url: `http://127.0.0.1:${port}`,
    view: fresh,
    rewrite: null,
    stale: new Map(),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return proxy;
}

/** A deterministic coin (a linear congruential generator): a balancer's choice, reproducible. */
export function coin(seed: number): () => boolean {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state >>> 31 === 1;
  };
}
