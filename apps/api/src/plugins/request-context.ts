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
    reply.headers(security);
    reply.header('x-request-id', request.id);
    // The rest of the request runs in its context, so audit rows carry its id (lib/audit.ts).
    runInRequest(request.id, done);
  });
});
