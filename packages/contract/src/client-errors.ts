import type { ErrorName } from './error-codes.ts';
import en from './locales/client-errors/en.json' with { type: 'json' };
import koKR from './locales/client-errors/ko-KR.json' with { type: 'json' };
import msMY from './locales/client-errors/ms-MY.json' with { type: 'json' };
import zhCN from './locales/client-errors/zh-CN.json' with { type: 'json' };
import zhTW from './locales/client-errors/zh-TW.json' with { type: 'json' };
import { LOCALES, type Locale } from './locales.ts';

/**
 * The messages of the codes the member app also shows for a check it makes before asking ("Select
 * at least one image" reads the same from either side). Kept apart from errors.ts, which spreads
 * them into every code's messages: a page of the app then loads these few, in every language, not
 * the texts of every code the server has (docs/architecture.md, page weight).
 */
export const CLIENT_ERROR_MESSAGES = {} as Record<ClientErrorName, Record<Locale, string>>;

/** A client code is one of the server's codes: a name in the texts that is none does not compile. */
type IsErrorName<Name extends ErrorName> = Name;
export type ClientErrorName = IsErrorName<keyof typeof en>;

// The texts live in locales/client-errors/<locale>.json, keyed by the code's name; every language
// has every name (a missing one does not compile; scripts/locales.test.ts checks the placeholders).
const TEXTS = { 'zh-CN': zhCN, en, 'zh-TW': zhTW, 'ko-KR': koKR, 'ms-MY': msMY } satisfies Record<
  Locale,
  Record<ClientErrorName, string>
>;
for (const name of Object.keys(en) as ClientErrorName[]) {
  CLIENT_ERROR_MESSAGES[name] = Object.fromEntries(LOCALES.map((locale) => [locale, TEXTS[locale][name]])) as Record<
    Locale,
    string
  >;
}

/** A `{name}` placeholder filled from `params`; one left unnamed stays as written. */
export function fillParams(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** The message of a client-side code in a locale, with its placeholders filled. */
export function clientErrorMessage(
  name: ClientErrorName,
  locale: Locale,
  params?: Record<string, string | number>,
): string {
  return fillParams(CLIENT_ERROR_MESSAGES[name][locale], params);
}
