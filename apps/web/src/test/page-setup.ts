import { afterEach, beforeEach } from 'vitest';
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
