import type { NoticeType } from '@minecloud/contract/content';

export const contentKeys = {
  all: ['content'] as const,
  list: (type: NoticeType) => ['content', 'list', type] as const,
  latest: () => ['content', 'latest'] as const,
  detail: (id: string) => ['content', 'detail', id] as const,
  /** The home pop-up, asked once per session by each of visitor and member. */
  popup: (signedIn: boolean) => ['content', 'popup', signedIn ? 'member' : 'visitor'] as const,
};
