import { Globals } from '@react-spring/web';
import { MESSAGE_BOX_ANIMATION_MS, POPUP_TRANSITION_MS, SWIPER_TRANSITION_MS } from '@/config/durations';

type SpringConfig = { mass?: number; tension?: number; friction?: number; duration?: number; easing?: unknown };

/**
 * antd-mobile's springs (5.43) by their physics, and the app's duration of each (config/durations.ts): a
 * popup's body and the mask of a popup or dialog take the popup time, a dialog's box the message
 * box time, the swiper's track the swiper's turn. antd-mobile takes no duration of its own.
 */
const SPRINGS: readonly (Required<Pick<SpringConfig, 'mass' | 'tension' | 'friction'>> & { duration: number })[] = [
  { mass: 0.4, tension: 300, friction: 30, duration: POPUP_TRANSITION_MS },
  { mass: 1, tension: 250, friction: 30, duration: POPUP_TRANSITION_MS },
  { mass: 1.2, tension: 200, friction: 25, duration: MESSAGE_BOX_ANIMATION_MS },
  { mass: 1, tension: 200, friction: 30, duration: SWIPER_TRANSITION_MS },
];

/** The spec's duration for a spring of antd-mobile's, by its physics; undefined for any other. */
export function specDurationOf(config: SpringConfig): number | undefined {
  return SPRINGS.find((s) => s.mass === config.mass && s.tension === config.tension && s.friction === config.friction)
    ?.duration;
}

/** Eases out, as the springs did: fast at first, settling at the end. */
const easeOut = (t: number) => 1 - (1 - t) ** 3;

let installed = false;

/**
 * Runs each of those springs for its spec duration from its first frame on. Installed by the code
 * that shows them (the overlays, the sheets, the swiper), which brings react-spring anyway.
 */
export function timeSpringsBySpec(): void {
  if (installed) return;
  installed = true;
  Globals.assign({
    willAdvance: (value) => {
      const config = (value as unknown as { animation?: { config?: SpringConfig } }).animation?.config;
      if (!config || config.duration !== undefined) return;
      const duration = specDurationOf(config);
      if (duration === undefined) return;
      config.duration = duration;
      config.easing = easeOut;
    },
  });
}
