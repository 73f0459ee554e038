import { afterAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n, loadFeatureMessages } from './i18n';

// The test setup started i18n in zh-CN and loaded the transparency texts, as the route does.
describe("a feature's own texts", () => {
  afterAll(() => changeLocale('zh-CN'));

  it('are merged into the language and follow a change of language, with every other text', async () => {
    await loadFeatureMessages('transparency');
    expect(i18n.t('transparencySolvencyTitle')).toBe('偿付能力证明');
    await changeLocale('en');
    // Both the language's own texts and the feature's are there the moment it has switched.
    expect(i18n.t('transparencySolvencyTitle')).toBe('Proof of solvency');
    expect(i18n.t('titleTransparency')).not.toBe('titleTransparency');
    expect(i18n.exists('appName')).toBe(true);
  });
});
