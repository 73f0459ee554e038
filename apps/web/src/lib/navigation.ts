import i18n from 'i18next';
import { useMemo } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router';
import { showToast } from './toast';

/** Navigation and back actions run at most once per 500 ms: a double tap opens one page. */
export const NAVIGATION_THROTTLE_MS = 500;

/** Returns a gate that lets one call through, then refuses the others for `intervalMs`. */
export function createThrottle(intervalMs: number, now: () => number = () => Date.now()): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const current = now();
    if (current - last < intervalMs) return false;
    last = current;
    return true;
  };
}

// One gate for the whole app: a double tap on two different links still moves only once.
let gate = createThrottle(NAVIGATION_THROTTLE_MS);

/** Tests swap the gate to start from a clean state. */
export function resetNavigationThrottle(): void {
  gate = createThrottle(NAVIGATION_THROTTLE_MS);
}

export type AppNavigator = {
  /** Opens `to`; an empty target toasts "not yet open". Returns whether it navigated. */
  go: (to: string | null | undefined, options?: NavigateOptions) => boolean;
  /** Goes back, or to the home tab when the page was opened directly. */
  back: () => boolean;
  /**
   * Returns to `target`, the in-app page that sent the member here: a back step when this page was
   * opened from it (`openedFrom` state), so no second copy of it stays in the history; else in place
   * of this page.
   */
  returnTo: (target: string) => boolean;
};

/** Router state of a page opened by `go(to, { state: openedFrom(here) })`: the page it came from. */
export function openedFrom(path: string): { from: string } {
  return { from: path };
}

function fromOf(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' ? from : null;
}

/**
 * Whether a back step stays inside the app. The browser routers keep their position in
 * `history.state.idx`; a memory router (tests) does not, so the location key decides there.
 */
function canGoBack(locationKey: string): boolean {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index > 0 : locationKey !== 'default';
}

export function useAppNavigate(): AppNavigator {
  const navigate = useNavigate();
  const location = useLocation();
  const locationKey = location.key;
  const from = fromOf(location.state);
  return useMemo<AppNavigator>(
    () => ({
      go(to, options) {
        if (!to?.trim()) {
          showToast(i18n.t('notYetOpen'));
          return false;
        }
        if (!gate()) return false;
        navigate(to, options);
        return true;
      },
      back() {
        if (!gate()) return false;
        if (canGoBack(locationKey)) navigate(-1);
        else navigate('/', { replace: true });
        return true;
      },
      returnTo(target) {
        if (!gate()) return false;
        if (from === target && canGoBack(locationKey)) navigate(-1);
        else navigate(target, { replace: true });
        return true;
      },
    }),
    [navigate, locationKey, from],
  );
}
