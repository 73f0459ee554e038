import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthorizedUserId, TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    member?: { userId: AuthorizedUserId; sessionId: string };
  }
  interface FastifyInstance {
    tokens: TokenService;
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** preHandler for member-only routes: a valid, unrevoked token or a 401. */
export function memberGuard(tokens: TokenService) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await tokens.verify(token) : null;
    if (!session) throw new AppError('unauthorized');
    request.member = session;
  };
}

/** The proven member of a guarded route. */
export function memberOf(request: FastifyRequest) {
  if (!request.member) throw new AppError('unauthorized');
  return request.member;
}
