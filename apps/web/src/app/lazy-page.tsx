import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoadError } from './page-load-error';
import { PageLoading } from './page-loading';

/** Spec point 9: an async page that has not arrived after 60 s counts as failed. */
export const PAGE_LOADING_TIMEOUT_MS = 60_000;

type PageModule = { default: ComponentType };

/** A page whose code is downloaded on first visit; `retries` counts in-place reloads. */
export type LazyPage = {
  Component: LazyExoticComponent<ComponentType>;
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

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  const create = () =>
    lazy(() =>
      withTimeout(load).catch((cause: unknown) => {
        throw new PageLoadError(cause);
      }),
    );
  const page: LazyPage = {
    Component: create(),
    retries: 0,
    recreate: () => {
      page.retries += 1;
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
  const { Component } = page;
  return (
    <PageErrorBoundary onReload={reload}>
      <Suspense fallback={<PageLoading />}>
        <Component />
      </Suspense>
    </PageErrorBoundary>
  );
}
