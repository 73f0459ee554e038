import { paths } from '@/config/paths';

/** Set once the startup page has been shown: later launches open the app's entry at once. */
export const LAUNCHED_KEY = 'minecloud-launched';

/** The app's entry, where a launch from the home screen lands (the manifest's start_url `/#/`). */
const ENTRY_PATHS = new Set(['', '/']);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The route the app opens first (main.tsx, before its first render): the startup page
 * (/pages/startuppage/startuppage) at the first launch at the app's entry, which
 * then opens home by itself; `path` otherwise, and always where nothing can be remembered (the
 * splash would show at every launch). A link into the app (an invite, a page) opens that page.
 */
export function firstLaunchPath(path: string, store: Storage | null = storage()): string {
  if (!store || !ENTRY_PATHS.has(path)) return path;
  try {
    if (store.getItem(LAUNCHED_KEY)) return path;
    store.setItem(LAUNCHED_KEY, '1');
  } catch {
    return path;
  }
  return paths.startup.path;
}
