import type { CallAnswer, CallQuery } from '@minecloud/contract/calls';
import type { CONSOLE_CALLS } from '@minecloud/contract/console';
import { ADMIN_API } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { noticesKeys } from './query-keys';

// The list of notices is a paged list: components/paged-table asks it, under noticesKeys.list.

/** What the list of notices answers, a page at a time, and its filter. */
export type NoticePage = CallAnswer<typeof CONSOLE_CALLS.noticeList>;
export type NoticeQuery = CallQuery<typeof CONSOLE_CALLS.noticeList>;
export type NoticeRow = NoticePage['list'][number];

/** The notices and articles, filtered by the page's query. */
export const noticesList: PagedList = { queryKey: noticesKeys.list, path: ADMIN_API.notices };
