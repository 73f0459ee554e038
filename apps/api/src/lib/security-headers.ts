import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once. They depend on the options only (no CSP
 * nonces here), so every answer gets the same set from one `reply.headers()` call: @fastify/helmet
 * would build helmet's middleware again (and parse the CSP directives again) on every request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet's middleware is synchronous; a future one that is not would leave the set incomplete.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
