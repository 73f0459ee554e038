import { createServer } from 'node:net';

/**
 * Ports this test process has handed out: the OS may offer a port again as soon as the probe
 * closes, before the server it was meant for listens on it, and two servers started side by side
 * would then race for one port (the loser answering nothing, the winner answering for both).
 */
const handedOut = new Set<number>();

/** A TCP port of 127.0.0.1 that nothing listens on now (the OS picks it), never the same twice. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function probePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
