import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLive } from '@/lib/live';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { startLiveStream } from './live-stream';

type Call = { headers: Record<string, string> };
/** The stream lets a fetch on its way finish: an event never cancels a page's answer. */
const KEEP = { cancelRefetch: false };

/**
 * A stand-in for the server's GET /app-api/stream: each connection gets a body the test writes
 * SSE text into, or ends.
 */
function fakeStream() {
  const calls: Call[] = [];
  const bodies: ReadableStreamDefaultController<Uint8Array>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      calls.push({ headers: init.headers as Record<string, string> });
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void bodies.push(controller) });
      init.signal?.addEventListener('abort', () => {
        try {
          bodies.at(-1)?.error(new DOMException('aborted', 'AbortError'));
        } catch {
          // Already closed.
        }
      });
      return new Response(body as unknown as BodyInit, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  const encoder = new TextEncoder();
  return {
    calls,
    send: (text: string) => bodies.at(-1)?.enqueue(encoder.encode(text)),
    cut: () => bodies.at(-1)?.close(),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().signOut();
  useLive.getState().setLive(false);
});

describe('the live stream client', () => {
  it('goes live on hello, refreshes the money queries on a balance event, once for a burst', async () => {
    useSession.setState({ token: 'jwt-1' });
    const server = fakeStream();
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const stop = startLiveStream(client);
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.headers).toMatchObject({ accept: 'text/event-stream', authorization: 'Bearer jwt-1' });
    server.send('retry: 3000\n\nid: 4\nevent: hello\ndata: {"member":true}\n\n');
    await vi.waitFor(() => expect(useLive.getState().live).toBe(true));
    server.send('id: 5\nevent: balance\ndata: {"asset":"GOLD"}\n\nid: 6\nevent: balance\ndata: {"asset":"USDT"}\n\n');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['balances'] }, KEEP));
    const balanceCalls = invalidate.mock.calls.filter(
      ([filters]) => JSON.stringify(filters) === '{"queryKey":["balances"]}',
    );
    expect(balanceCalls).toHaveLength(1);
    // Public events refresh their feature's queries: a settled round the rounds, a tick the market.
    invalidate.mockClear();
    server.send('id: 7\nevent: round\ndata: {"state":"settled"}\n\nid: 7\nevent: price\ndata: {"prices":[]}\n\n');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['rounds'] }, KEEP));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['market'] }, KEEP);
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['balances'] }, KEEP);
    // A reply to the member's feedback: their feedback history and the notification centre.
    invalidate.mockClear();
    server.send('id: 8\nevent: feedback\ndata: {"id":"3"}\n\n');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['feedback'] }, KEEP));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notifications'] }, KEEP);
    // A heartbeat refreshes nothing.
    invalidate.mockClear();
    server.send('id: 6\nevent: heartbeat\ndata: {}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(invalidate).not.toHaveBeenCalled();
    stop();
  });

  it('falls back when cut, and comes back with Last-Event-ID; a new token is a new connection', async () => {
    useSession.setState({ token: 'jwt-1' });
    const server = fakeStream();
    const stop = startLiveStream(createQueryClient());
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.send('id: 9\nevent: hello\ndata: {}\n\nid: 12\nevent: withdrawal\ndata: {"status":"approved"}\n\n');
    await vi.waitFor(() => expect(useLive.getState().live).toBe(true));
    server.cut();
    await vi.waitFor(() => expect(useLive.getState().live).toBe(false));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2), { timeout: 3_000 });
    expect(server.calls[1]?.headers['last-event-id']).toBe('12');

    useSession.setState({ token: 'jwt-2' });
    await vi.waitFor(() => expect(server.calls).toHaveLength(3), { timeout: 3_000 });
    expect(server.calls[2]?.headers).toMatchObject({ authorization: 'Bearer jwt-2' });
    expect(server.calls[2]?.headers['last-event-id']).toBeUndefined();
    stop();
  });

  it('refreshes the market once connected: a price tick from before was not replayed', async () => {
    const server = fakeStream();
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const stop = startLiveStream(client);
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(invalidate).not.toHaveBeenCalled();
    server.send('id: 3\nevent: hello\ndata: {}\n\n');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['market'] }, KEEP));
    expect(invalidate).toHaveBeenCalledTimes(1);
    stop();
  });
});
