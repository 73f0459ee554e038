import { type Locale, localeFromAcceptLanguage } from '@minecloud/contract/locales';
import type { FastifyRequest } from 'fastify';

export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  return localeFromAcceptLanguage(Array.isArray(header) ? header[0] : header);
}
