import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { loadFeatureMessages, type MessageFeature } from '@/i18n/i18n';
import type { FirstQuery } from '@/lib/first-data';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoadError } from './page-load-error';
import { PageLoading } from './page-loading';

/** An async page that has not arrived after 60 s counts as failed. */
export const PAGE_LOADING_TIMEOUT_MS = 60_000;

/** A page's module: the page, and the queries of its first screen (asked for before a first render). */
export type PageModule = { default: ComponentType; firstQueries?: () => FirstQuery[] };

/** A page whose code is downloaded on first visit; `retries` counts in-place reloads. */
export type LazyPage = {
  Component: LazyExoticComponent<ComponentType>;
  /** The page's module once its download has finished (a render then needs no suspense). */
  loaded?: PageModule;
  /** Starts the download now (the page about to be shown), once: its module, or none when it failed (the render shows that). */
  preload: () => Promise<PageModule | undefined>;
  retries: number;
  recreate: () => void;
};

function withTimeout(load: () => Promise<PageModule>): Promise<PageModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), PAGE_LOADING_TIMEOUT_MS);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A page downloaded on first visit. `messages`: the feature whose own texts (i18n.ts,
 * MESSAGE_FEATURES) the page needs, downloaded beside its code; the page renders once both are in.
 */
export function lazyPage(load: () => Promise<PageModule>, options: { messages?: MessageFeature } = {}): LazyPage {
  let loading: Promise<PageModule> | undefined;
  const { messages } = options;
  const withMessages = messages
    ? () => Promise.all([load(), loadFeatureMessages(messages)]).then(([module]) => module)
    : load;
  const download = () => {
    loading ??= withTimeout(withMessages).then(
      (module) => {
        page.loaded = module;
        return module;
      },
      (cause: unknown) => {
        throw new PageLoadError(cause);
      },
    );
    return loading;
  };
  const create = () => lazy(download);
  const page: LazyPage = {
    Component: create(),
    preload: () => download().catch(() => undefined),
    retries: 0,
    recreate: () => {
      page.retries += 1;
      loading = undefined;
      page.Component = create();
    },
  };
  return page;
}

/**
 * Renders a lazy page. If its download fails, the page shows a clickable error: the first click
 * downloads again in place, a later one reloads the document (a browser may remember a failed import).
 */
export function LazyRoute({ page }: { page: LazyPage }) {
  const [, setAttempt] = useState(0);
  const reload = () => {
    if (page.retries > 0) {
      window.location.reload();
      return;
    }
    page.recreate();
    setAttempt((attempt) => attempt + 1);
  };
  // A page already downloaded (preloaded for the first route) renders at once, without a loading
  // box first. Decided once per page (a route change may hand this same element another page), so
  // that a page is never remounted when its download ends later.
  const [shown, setShown] = useState(() => ({ page, loaded: page.loaded }));
  if (shown.page !== page) setShown({ page, loaded: page.loaded });
  const loaded = shown.page === page ? shown.loaded : page.loaded;
  const { Component } = page;
  const Page = loaded?.default ?? Component;
  return (
    <PageErrorBoundary onReload={reload}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
