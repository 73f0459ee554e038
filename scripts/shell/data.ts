// What the app shell's build step hands the page's inline script (scripts/vite-shell.ts).
import type { EarlyRequest } from '../../apps/web/src/lib/early-response';

/** What apps/web/src/app/shell-render.tsx renders (with the app's own modules, at build time). */
export type RenderedShell = {
  /** Home's markup, then one frame per public tab page and a page frame, each the app's real markup. */
  frames: Record<string, string>;
  page: string;
  /** Tab page path → the name of its frame in `frames` (home is not listed: it is the document's own). */
  framePaths: Record<string, string>;
  homePaths: string[];
  /** Every route's title in the default language, for the page frame's nav bar. */
  titles: Record<string, string>;
  /** Route key (`paths.second`) → path, to read the router's `page(paths.x, Page)` lines. */
  routePaths: Record<string, string>;
  sessionKey: string;
  defaultLocale: string;
  configUrl: string;
  earlyConfigKey: string;
  /** Route path → its first requests, made at once (apps/web/src/app/early-requests.ts). */
  requests: Record<string, EarlyRequest[]>;
  /** Where the script leaves them for the app's request wrapper (lib/early-response.ts). */
  earlyRequestsKey: string;
};

/** What the inline script needs: the shell's facts and the files to fetch in the first round trip. */
export type ShellData = Omit<RenderedShell, 'frames' | 'page' | 'routePaths'> & {
  /** On home, the longest the app's code waits for the first banner after the first paint. */
  bannerWaitMs: number;
  /** The app's entry module and the chunks it imports (Vite's modulepreload links, taken out of the head). */
  entry: string;
  entryImports: string[];
  /** Every file to fetch early, once (URLs); the lists below hold indexes into it. */
  files: string[];
  /** Locale → its messages chunk (and the chunks it imports that the entry does not). */
  locales: Record<string, number[]>;
  /** Route path → its lazy page's chunks and stylesheets. */
  pages: Record<string, number[]>;
};
