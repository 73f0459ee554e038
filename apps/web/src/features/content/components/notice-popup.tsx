import type { Notice } from '@minecloud/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIsLoggedIn } from '@/lib/session';
import { contentKeys } from '../api/query-keys';
import { nextPopupNotice } from '../api/show-notice';

// The dialog (and antd-mobile's mask and animations) is fetched only when there is a notice to show.
const NoticeDialog = lazy(() => import('./notice-dialog'));

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
    return () => {
      mounted = false;
    };
  }, [queryClient, signedIn]);

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </Suspense>
  );
}
