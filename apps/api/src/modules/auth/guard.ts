import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthorizedUserId, TokenClaims, TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    member?: { userId: AuthorizedUserId; sessionId: string };
    /** Set by `requireSignedToken`: a well-signed token whose session the route's own statement checks. */
    tokenClaims?: TokenClaims;
  }
  interface FastifyInstance {
    tokens: TokenService;
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireSignedToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** A preHandler that refuses with 401 unless `check` accepts the bearer token, then keeps what it found. */
function tokenGuard<T>(check: (token: string) => Promise<T | null>, keep: (request: FastifyRequest, found: T) => void) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const found = token ? await check(token) : null;
    if (!found) throw new AppError('unauthorized');
    keep(request, found);
  };
}

/** preHandler for member-only routes: a valid, unrevoked token (its session read now) or a 401. */
export const memberGuard = (tokens: TokenService) =>
  tokenGuard(tokens.verify, (request, session) => {
    request.member = session;
  });

/**
 * preHandler for the few hot member routes that check the session inside their own single
 * statement (`liveSession` in its SQL, a 401 when it does not hold): only the token's signature here,
 * so that the call costs one round trip to the database, not two.
 */
export const signedTokenGuard = (tokens: TokenService) =>
  tokenGuard(tokens.claims, (request, claims) => {
    request.tokenClaims = claims;
  });

/** The proven member of a guarded route. */
export function memberOf(request: FastifyRequest) {
  if (!request.member) throw new AppError('unauthorized');
  return request.member;
}

/** The signed claims of a route guarded by `requireSignedToken`; its session is still to be checked. */
export function claimsOf(request: FastifyRequest): TokenClaims {
  if (!request.tokenClaims) throw new AppError('unauthorized');
  return request.tokenClaims;
}
