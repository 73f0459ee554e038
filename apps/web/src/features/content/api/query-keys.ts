import type { NoticeType } from '@minecloud/contract/content';
import type { Locale } from '@minecloud/contract/locales';

/** Notices and articles come in the request's language: it is part of their keys. */
export const contentKeys = {
  all: ['content'] as const,
  list: (type: NoticeType, locale: Locale) => ['content', 'list', type, locale] as const,
  latest: (locale: Locale) => ['content', 'latest', locale] as const,
  detail: (id: string, locale: Locale) => ['content', 'detail', id, locale] as const,
  /** The home pop-up, asked once per session by each of visitor and member. */
  popup: (signedIn: boolean) => ['content', 'popup', signedIn ? 'member' : 'visitor'] as const,
};
