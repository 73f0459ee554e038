import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event: the browser's own install dialog, shown when the app asks. */
export type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Keeps the browser's offer to install the app (it comes once, soon after load, whatever page is
 * open), instead of the browser's own mini-infobar, for the home page's install card to use; an
 * installed app has no more use for it. main.tsx calls this first thing.
 */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offered = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offered = null;
    changed();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's offer to install, while there is one. */
export function useInstallPrompt(): InstallPromptEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => offered,
    () => null,
  );
}

/** Shows the browser's install dialog; the offer is used up whatever the member answers. */
export async function promptInstall(event: InstallPromptEvent): Promise<boolean> {
  offered = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
