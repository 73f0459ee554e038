import { API } from '@minecloud/contract/api-paths';
import type { Notice } from '@minecloud/contract/content';
import { api } from '@/lib/request';
import { rememberShown, wasShown } from '../lib/shown-notices';

/**
 * Asks for the home pop-up. With a token the server answers the newest one this member has not
 * been shown and marks it shown; without one it answers the newest, whoever asks.
 */
export function showNotice(): Promise<Notice | null> {
  return api<Notice | null>({ url: API.noticeShow, method: 'POST', showErrorToast: false });
}

/** The pop-up to show now, if any: the server's answer, unless this device has shown it before. */
export async function nextPopupNotice(): Promise<Notice | null> {
  const notice = await showNotice();
  if (!notice || wasShown(notice.id)) return null;
  rememberShown(notice.id);
  return notice;
}
