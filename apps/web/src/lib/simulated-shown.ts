import { create } from 'zustand';

/**
 * How many 模拟行情 badges are on screen (components/simulated-badge.tsx): while one is, the live
 * marker names what is live, the stream of the simulated feed, and never reads as a live market.
 */
export const useSimulatedShown = create<{ count: number }>()(() => ({ count: 0 }));

/** A badge came on screen; the function returned takes it off. */
export function showSimulated(): () => void {
  useSimulatedShown.setState((state) => ({ count: state.count + 1 }));
  return () => useSimulatedShown.setState((state) => ({ count: Math.max(0, state.count - 1) }));
}
