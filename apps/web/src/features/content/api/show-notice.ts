import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { CONTENT_CALLS } from '@minecloud/contract/content';
import { api } from '@/lib/request';
import { rememberShown, wasShown } from '../lib/shown-notices';

/** The pop-up notice, or null when there is none to show. */
type PopupAnswer = CallAnswer<typeof CONTENT_CALLS.noticeShow>;

/**
 * Asks for the home pop-up. With a token the server answers the newest one this member has not
 * been shown and marks it shown; without one it answers the newest, whoever asks.
 */
export function showNotice(): Promise<PopupAnswer> {
  return api<PopupAnswer>({ url: API.noticeShow, method: 'POST', showErrorToast: false });
}

/** The pop-up to show now, if any: the server's answer, unless this device has shown it before. */
export async function nextPopupNotice(): Promise<PopupAnswer> {
  const notice = await showNotice();
  if (!notice || wasShown(notice.id)) return null;
  rememberShown(notice.id);
  return notice;
}
