import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { signIn as signInMember } from './fixtures/money';

/**
 * Before each test of the file: a signed-in member (`signIn`: the file's own, if its fixtures have
 * one), and no navigation throttle left by the test before.
 */
export function signInBeforeEachTest(signIn: () => void = signInMember): void {
  beforeEach(() => {
    resetNavigationThrottle();
    signIn();
  });
}

/** After each test of the file: back to Chinese, for the tests that switch the language. */
export function chineseAfterEachTest(): void {
  afterEach(async () => {
    await changeLocale('zh-CN');
  });
}

/**
 * jsdom lays nothing out, so antd-mobile's InfiniteScroll never sees its footer (no offsetParent).
 * Every element gets its parent as offsetParent: the footer then counts as in view, as on a short page.
 */
function layOutForInfiniteScroll(): () => void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
  };
}

/** `layOutForInfiniteScroll` around every test of the file that calls it. */
export function layOutListsInThisFile(): void {
  let restore = () => {};
  beforeAll(() => {
    restore = layOutForInfiniteScroll();
  });
  afterAll(() => restore());
}
