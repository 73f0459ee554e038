/**
 * The app's durations, set once here and used where each thing happens: toasts
 * (lib/toast.ts), the banner swiper's interval (components/banner-slide.tsx), the window's resize
 * (main.tsx), and the transitions antd-mobile animates with springs (lib/spring-durations.ts:
 * popups and their masks, message boxes, the swiper's turn).
 */

/** Popup and transition: a sheet or popup slides in and out, its mask fades. */
export const POPUP_TRANSITION_MS = 300;
/** Message box animation: a confirm or alert box opens and closes. */
export const MESSAGE_BOX_ANIMATION_MS = 200;
/** Input clear blur delay: a field's clear button outlives the blur this long, so a tap on it lands. */
export const INPUT_CLEAR_BLUR_MS = 150;
/** Resize throttle: the window's size is read at most once in this time while it changes. */
export const RESIZE_THROTTLE_MS = 50;
/** Swiper: the time between turns, and the turn itself. */
export const SWIPER_INTERVAL_MS = 5000;
export const SWIPER_TRANSITION_MS = 500;
/** Toast default: 2 s, long enough to read a line, short enough not to cover the next tap. */
export const TOAST_MS = 2000;
