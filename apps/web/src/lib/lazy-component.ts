import { type ComponentType, useEffect, useState } from 'react';
import { preloadWhenIdle } from './lazy-overlay';

/** A component whose code loads on demand: `loaded()` is null until it has arrived, then the component. */
export type LazyComponent<P> = {
  loaded: () => ComponentType<P> | null;
  /** Starts the download once (again after a failure); resolves with the component. */
  load: () => Promise<ComponentType<P>>;
};

/**
 * A component loaded on demand, remembered for the rest of the app's life: a screen that renders it
 * after its code has arrived has it from the first render (useLazyComponent).
 */
export function lazyComponent<P>(importer: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module.default;
        return module.default;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return { loaded: () => loaded, load };
}

/**
 * The lazy component, or null while its code has not arrived (it is asked for when the browser is
 * idle), and a function that asks for it at once (a member's first touch).
 */
export function useLazyComponent<P>(lazy: LazyComponent<P>): [ComponentType<P> | null, () => Promise<void>] {
  const [component, setComponent] = useState<ComponentType<P> | null>(() => lazy.loaded());
  const [start] = useState(() => () => lazy.load().then((loaded) => setComponent(() => loaded)));
  useEffect(() => (lazy.loaded() ? undefined : preloadWhenIdle(start)), [lazy, start]);
  return [component, start];
}
