import { type Locale, localeFromAcceptLanguage } from '@minecloud/contract/locales';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  return localeFromAcceptLanguage(Array.isArray(header) ? header[0] : header);
}

/**
 * The answer depends on the request's language (content per language): any cache between here and
 * the app keeps one copy per Accept-Language.
 */
export function varyByLanguage(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-language')) return;
  reply.header('vary', [...names, 'Accept-Language'].join(', '));
}
