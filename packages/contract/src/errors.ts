import { CLIENT_ERROR_MESSAGES, type ClientErrorName, fillParams } from './client-errors.ts';
import type { ErrorName } from './error-codes.ts';
import en from './locales/errors/en.json' with { type: 'json' };
import koKR from './locales/errors/ko-KR.json' with { type: 'json' };
import msMY from './locales/errors/ms-MY.json' with { type: 'json' };
import zhCN from './locales/errors/zh-CN.json' with { type: 'json' };
import zhTW from './locales/errors/zh-TW.json' with { type: 'json' };
import { LOCALES, type Locale } from './locales.ts';

// The codes and statuses live in error-codes.ts, so that code that only compares codes does not
// load every language's texts; they are re-exported here unchanged.
export { ERROR_CODES, type ErrorCode, type ErrorName, HTTP_STATUS } from './error-codes.ts';

type Texts = Record<Locale, string>;

/** The texts of the codes the member app does not show itself, and `fieldInvalid`, by language. */
type ServerTexts = Record<Exclude<ErrorName, ClientErrorName> | 'fieldInvalid', string>;

// The texts live in locales/errors/<locale>.json, keyed by the code's name (docs/architecture.md,
// "Texts and languages"); every language has every name, as this type and locales.test.ts in
// scripts/ check.
const SERVER_TEXTS = {
  'zh-CN': zhCN,
  en,
  'zh-TW': zhTW,
  'ko-KR': koKR,
  'ms-MY': msMY,
} satisfies Record<Locale, ServerTexts>;

const textsOf = (name: keyof ServerTexts): Texts =>
  Object.fromEntries(LOCALES.map((locale) => [locale, SERVER_TEXTS[locale][name]])) as Texts;

export const ERROR_MESSAGES: Record<ErrorName, Texts> = {
  ...CLIENT_ERROR_MESSAGES,
  ...(Object.fromEntries(
    (Object.keys(en) as (keyof ServerTexts)[])
      .filter((name) => name !== 'fieldInvalid')
      .map((name) => [name, textsOf(name)]),
  ) as Record<Exclude<ErrorName, ClientErrorName>, Texts>),
};

/** "The field X is invalid", naming the field (docs/api.md, "Error codes": a 400 names the field). */
export const FIELD_INVALID: Texts = textsOf('fieldInvalid');

/** The message of a code in a locale, with `{name}` placeholders filled from `params`. */
export function errorMessage(name: ErrorName, locale: Locale, params?: Record<string, string | number>): string {
  return fillParams(ERROR_MESSAGES[name][locale], params);
}

export function fieldInvalidMessage(field: string, locale: Locale): string {
  return FIELD_INVALID[locale].replace('{field}', field);
}
