/**
 * What the app needs to know of the browser it runs in, for the install prompt and push: an iPhone
 * or iPad browser (iPadOS says it is a Mac, with touch), Safari there, and whether the app was
 * opened from the home screen (then it runs standalone, and iOS lets it receive pushes).
 */
export function isIos(nav: Navigator = navigator): boolean {
  return /iPhone|iPad|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/** Safari itself on iOS, where "Add to Home Screen" is (not Chrome's, Firefox's or Edge's shell). */
export function isIosSafari(nav: Navigator = navigator): boolean {
  return isIos(nav) && /Safari/.test(nav.userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(nav.userAgent);
}

export function isStandalone(win: Window = window): boolean {
  return (
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true ||
    win.matchMedia?.('(display-mode: standalone)').matches === true
  );
}
