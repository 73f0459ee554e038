import { lazyOverlay } from '@/lib/lazy-overlay';

/** The bottom sheet a money action (buy shares, reinvest, forge) opens in, with its title and a close button. */
export const BottomSheet = lazyOverlay(() => import('./bottom-sheet-popup'));
