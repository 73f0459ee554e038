import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin HTTP proxy on 127.0.0.1, as a load balancer in front of several API processes
 * would be. A request whose connection an upstream refused never reached it, so it goes to the next
 * one (as nginx's `proxy_next_upstream error` does); one that an upstream dropped after receiving it
 * may have had its effect, so the client gets a 502 and must retry with its Idempotency-Key.
 */
export type BalancingProxy = {
  url: string;
  /** Answers each upstream gave, by its URL. */
  served: Map<string, number>;
  close(): Promise<void>;
};

export async function roundRobinProxy(upstreams: string[]): Promise<BalancingProxy> {
  const served = new Map(upstreams.map((u) => [u, 0]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const upstream = upstreams[next++ % upstreams.length] as string;
        const target = new URL(request.url ?? '/', upstream);
        const outgoing = http.request(
          target,
          { method: request.method, headers: { ...request.headers, host: target.host }, agent },
          (answer) => {
            served.set(upstream, (served.get(upstream) ?? 0) + 1);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            answer.on('error', () => response.destroy());
          },
        );
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && tries < upstreams.length) return attempt(tries + 1);
          if (response.headersSent) return response.destroy();
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ code: 502, data: null, msg: 'bad gateway' }));
        });
        outgoing.end(body);
      };
      attempt(1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}
