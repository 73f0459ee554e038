import { create } from 'zustand';

/**
 * Whether the live stream (api/live-stream.ts) is connected: while it is, what it announces comes
 * by itself and the pages need not poll; when it is cut, they poll again (`whileNotLive`).
 */
export const useLive = create<{ live: boolean; setLive: (live: boolean) => void }>()((set) => ({
  live: false,
  setLive: (live) => set({ live }),
}));

/** A refetch interval that holds only while the stream is not live (the fallback to polling). */
export function whileNotLive(ms: number | false): number | false {
  return useLive.getState().live ? false : ms;
}
