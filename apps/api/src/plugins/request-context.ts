import { API_BASE } from '@minecloud/contract/api-paths';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { runInRequest } from '../lib/audit.ts';
import { securityHeaders } from '../lib/security-headers.ts';

/**
 * What WalletConnect's client (sign-in page, when WALLETCONNECT_PROJECT_ID is set) reaches from the
 * member's browser: its relay, RPC, attestation and telemetry services, and the attestation iframe.
 */
const WALLETCONNECT_ORIGINS = {
  connect: [
    'wss://relay.walletconnect.org',
    'https://rpc.walletconnect.org',
    'https://verify.walletconnect.org',
    'https://verify.walletconnect.com',
    'https://pulse.walletconnect.org',
  ],
  frame: ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'],
};

/**
 * The security headers of the API's answers (JSON, the live stream, feedback images, exports),
 * which a browser never renders as a page: the OWASP REST Security Cheat Sheet's set for APIs. A
 * policy that allows nothing and no framing (an answer opened as a page runs nothing), no sniffing
 * of another type, HTTPS only, and no loading by another origin. Helmet's page headers (the app's
 * CSP, opener and agent-cluster isolation, prefetch and referrer policy) govern documents and stay
 * on everything else. Node checks and writes every header of every answer: in the reads bench, an
 * answer made in memory took 31 µs of the server's CPU with helmet's set and 25 µs with this one.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-resource-policy': 'same-origin',
};
const API_PREFIXES = Object.values(API_BASE);

/** Every answer's security headers and request id; the rest of the request runs in its context. */
export const requestContext: FastifyPluginAsync = fp(async (app) => {
  const { config } = app;
  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        // Plain http on a LAN or localhost must keep working; TLS is the proxy's job in production.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The QR code reader where the browser has none of its own is WebAssembly (zxing-wasm), served
        // from here: compiling it needs 'wasm-unsafe-eval', which allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: [
          "'self'",
          ...(config.walletConnectProjectId ? WALLETCONNECT_ORIGINS.connect : []),
          // The public chain node the app asks to check the proof of solvency on chain.
          ...(config.chain.publicRpcUrl ? [new URL(config.chain.publicRpcUrl).origin] : []),
        ],
        ...(config.walletConnectProjectId ? { frameSrc: ["'self'", ...WALLETCONNECT_ORIGINS.frame] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) ? API_HEADERS : security);
    reply.header('x-request-id', request.id);
    // The rest of the request runs in its context, so audit rows carry its id (lib/audit.ts).
    runInRequest(request.id, done);
  });
});
