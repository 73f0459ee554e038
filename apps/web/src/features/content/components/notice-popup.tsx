import type { Notice } from '@minecloud/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIsLoggedIn } from '@/lib/session';
import { whenIdle } from '@/lib/yield';
import { contentKeys } from '../api/query-keys';
import { nextPopupNotice } from '../api/show-notice';

// The dialog (and antd-mobile's mask and animations) is fetched only when there is a notice to show.
const NoticeDialog = lazy(() => import('./notice-dialog'));

/**
 * The longest the question waits for an idle moment: it is asked after home's first screen, not in
 * the task that mounts it (docs/architecture.md, "Fast on a mid-range phone").
 */
export const POPUP_IDLE_WAIT_MS = 1000;

/**
 * The pop-up notice on home: asked once per session (a query that is never refetched, not even
 * when the language changes) and shown once.
 */
export function NoticePopup() {
  const queryClient = useQueryClient();
  const signedIn = useIsLoggedIn();
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    let mounted = true;
    const queryKey = contentKeys.popup(signedIn);
    const ask = () =>
      queryClient
        .ensureQueryData({
          queryKey,
          queryFn: nextPopupNotice,
          staleTime: Number.POSITIVE_INFINITY,
          gcTime: Number.POSITIVE_INFINITY,
        })
        .then(
          (next) => {
            if (!mounted) return;
            setNotice(next);
            // Shown now: leaving home (closed or not, by a link inside it, say) and coming back shows nothing.
            if (next) queryClient.setQueryData(queryKey, null);
          },
          () => undefined,
        );
    const cancel = whenIdle(ask, POPUP_IDLE_WAIT_MS);
    return () => {
      mounted = false;
      cancel();
    };
  }, [queryClient, signedIn]);

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </Suspense>
  );
}
