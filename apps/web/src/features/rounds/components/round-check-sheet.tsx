import { lazyOverlay } from '@/lib/lazy-overlay';

/** The check of one round against its stored candles, in a bottom sheet loaded on idle or on the first tap. */
export const RoundCheckSheet = lazyOverlay(() => import('./round-check-sheet-popup'));
