import { TOAST_MS } from '@/config/durations';

/** Toasts stay TOAST_MS; a loading toast stays until hidden. */
export const TOAST_DURATION_MS = TOAST_MS;

const loadOverlays = () => import('./antd-overlays');

/** Downloads the toast and dialog code ahead of their first use. */
export function preloadOverlays(): void {
  loadOverlays().catch(() => undefined);
}

export function showToast(content: string): void {
  void loadOverlays().then(({ Toast }) => Toast.show({ content, duration: TOAST_DURATION_MS }));
}

export function showLoading(content: string): void {
  void loadOverlays().then(({ Toast }) => Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false }));
}

/** Closes the loading toast; with `then`, shows that message in its place, in one step. */
export function hideLoading(then?: string): void {
  void loadOverlays().then(({ Toast }) => {
    Toast.clear();
    if (then) Toast.show({ content: then, duration: TOAST_DURATION_MS });
  });
}
