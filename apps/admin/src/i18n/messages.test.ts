import { afterAll, describe, expect, it } from 'vitest';
import { i18n, LANGUAGES, registerMessages, setLanguage } from './index';

// Every feature's texts, the shell's and the shared components': each registers its namespace when
// loaded. That each namespace's files have every key in every language, with the same placeholders,
// is scripts/locales.test.ts's.
const modules = import.meta.glob(
  ['../features/*/i18n.ts', '../features/config/setting-labels.ts', '../app/i18n.ts', '../components/passkey-list.tsx'],
  { eager: true },
);

describe('messages', () => {
  afterAll(() => setLanguage('en'));

  it('loads every namespace in every language, with every English text there and none empty', async () => {
    expect(Object.keys(modules).length).toBeGreaterThan(5);
    for (const language of LANGUAGES) await setLanguage(language);
    const en = i18n.store.data.en ?? {};
    expect(Object.keys(en).length).toBeGreaterThan(5);
    for (const language of LANGUAGES) {
      const texts = i18n.store.data[language] ?? {};
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(en).sort());
      for (const namespace of Object.keys(en)) {
        const english = en[namespace] as Record<string, string>;
        const translated = texts[namespace] as Record<string, string>;
        expect(Object.keys(translated).sort(), `${language} ${namespace}`).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(translated)) {
          expect(String(text).trim(), `${language} ${namespace}:${key}`).not.toBe('');
        }
      }
    }
  });

  it('refuses a namespace without a file for every language, as a module moved from its locales/ would have', async () => {
    await expect(registerMessages('moved', {})).rejects.toThrow('moved lacks texts in zh-CN, en, zh-TW, ko-KR, ms-MY');
    const onlyEnglish = { './locales/en.json': async () => ({}) };
    await expect(registerMessages('half', onlyEnglish)).rejects.toThrow(
      'half lacks texts in zh-CN, zh-TW, ko-KR, ms-MY',
    );
  });
});
