// Stream clients for bench/stream.ts, in a process of their own (forked, with IPC): one process holds
// at most 20,000 open files on these machines, so 20,000 clients cannot all live in the bench's.
// Messages in: { connect: [{ i, url, authorization }] } opens those streams; { close: true } ends
// them. Messages out: { connected: i } once a stream's hello is read, { failed: i, error } when
// it cannot open, and { event: i, mark, at } for every bench-marked event read, `at` in ms of the
// machine's clock (performance.timeOrigin + performance.now(), comparable between processes).
import http from 'node:http';

export type ClientOrder = { i: number; url: string; authorization: string };
export type ClientsIn = { connect: ClientOrder[] } | { close: true };
export type ClientsOut =
  | { connected: number }
  | { failed: number; error: string }
  | { event: number; mark: string; at: number };

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const requests: http.ClientRequest[] = [];
const send = (message: ClientsOut) => process.send?.(message);

function open({ i, url, authorization }: ClientOrder) {
  let hello = false;
  const request = http.get(url, { agent, headers: { accept: 'text/event-stream', authorization } }, (res) => {
    if (res.statusCode !== 200) return send({ failed: i, error: `stream answered ${res.statusCode}` });
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const at = performance.timeOrigin + performance.now();
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!hello && frame.includes('event: hello')) {
          hello = true;
          send({ connected: i });
        }
        const mark = /"bench":"([^"]+)"/.exec(frame)?.[1];
        if (mark && /event: (balance|notice)/.test(frame)) send({ event: i, mark, at });
      }
    });
  });
  request.on('error', (error) => {
    if (!hello) send({ failed: i, error: String(error) });
  });
  requests.push(request);
}

process.on('message', (message: ClientsIn) => {
  if ('connect' in message) for (const order of message.connect) open(order);
  else {
    for (const request of requests) request.destroy();
    process.disconnect?.();
  }
});
