// What the app shell's build step hands the page's inline script (scripts/vite-shell.ts).
import type { EarlyRequest } from '@minecloud/contract/early-requests';

/**
 * A data page the shell paints from its first answer (what the page's largest paint waits for):
 * the page's own markup, rendered at build time with marks (`⟦name⟧`) where the answer's values go,
 * filled by one of the script's painters (scripts/shell/script.ts), in place of the frame's loading box.
 */
export type ShellFill = {
  /** The painter; it picks the page's template (`<template id="shell-fill-…">`) by the answer. */
  paint: 'notices' | 'trend' | 'community' | 'assets';
  /** The early requests (their keys) whose answers it paints, all of them. */
  requests: string[];
  /** Painted for members only (true), visitors only (false: a member's page has more above it), or both. */
  member?: boolean;
};

/**
 * The app's own formatting, which the script runs as its source text (each self-contained), so that
 * what the shell writes is what the page writes.
 */
export type ShellHelpers = {
  /** apps/web/src/lib/format-time.ts, formatLocalTime. */
  localTime: (iso: string) => string;
  /** @minecloud/contract/amount, truncateDecimals. */
  truncate: (value: string, places?: number) => string;
  /** @minecloud/contract/amount, groupByThrees (groupedAmount in the app's languages). */
  group: (text: string) => string;
  /** @minecloud/contract/address, shortenAddress. */
  shorten: (address: string) => string;
};

/** What apps/web/src/app/shell-render.tsx renders (with the app's own modules, at build time). */
export type RenderedShell = {
  /** Home's markup, then one frame per tab page and a page frame, each the app's real markup. */
  frames: Record<string, string>;
  page: string;
  /** Tab page path → the name of its frame in `frames` (home is not listed: it is the document's own). */
  framePaths: Record<string, string>;
  /** The same for a tab page a member only sees (a visitor gets the page frame: the app sends them to sign in). */
  memberFramePaths: Record<string, string>;
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
  /** Route path → how the shell paints its page from its first answer. */
  fills: Record<string, ShellFill>;
  /** Template name → a page's markup with marks, for the painters. */
  fillTemplates: Record<string, string>;
  /** The source text of each helper. */
  helpers: Record<keyof ShellHelpers, string>;
};

/** What the inline script needs: the shell's facts and the files to fetch in the first round trip. */
export type ShellData = Omit<RenderedShell, 'frames' | 'page' | 'routePaths' | 'fillTemplates' | 'helpers'> & {
  /**
   * On home, and on a page the shell paints from its first answer, the longest the app's code waits
   * for that largest paint (the banner, the page) after the first paint.
   */
  paintWaitMs: number;
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
