import { create } from 'zustand';

/**
 * A session ended by a 401 relaunches the app at home. Its token is gone at
 * once, but home opens a moment later: until it does, a private page still on screen waits for it
 * rather than sending the member to the login page (`relaunching`).
 */
export const useSessionEnd = create<{ relaunching: boolean }>()(() => ({ relaunching: false }));

export function sessionEnding(): void {
  useSessionEnd.setState({ relaunching: true });
}

/** A page open to everyone (home) shows: the relaunch is over. */
export function sessionEndSettled(): void {
  if (useSessionEnd.getState().relaunching) useSessionEnd.setState({ relaunching: false });
}
