/** Each language is named in itself (the contract's names, which the console shares). */
export { LOCALE_NAMES as LANGUAGE_NAMES } from '@minecloud/contract/locales';
