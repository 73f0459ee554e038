import { LOCALES } from '@minecloud/contract/locales';
import { describe, expect, it } from 'vitest';
import { MESSAGE_FEATURES } from './i18n';

const modules = import.meta.glob<Record<string, string>>('./locales/*.json', { eager: true, import: 'default' });
const messages = Object.fromEntries(
  Object.entries(modules).map(([file, content]) => [file.replace('./locales/', '').replace('.json', ''), content]),
);
const mainKeys = [...new Set(Object.values(messages).flatMap((content) => Object.keys(content)))].sort();

// A feature's own texts (i18n.ts, MESSAGE_FEATURES), merged into each language's: every rule below
// holds for the whole of a language.
const featureModules = import.meta.glob<Record<string, string>>('./feature-locales/*/*.json', {
  eager: true,
  import: 'default',
});
const featureFiles = Object.entries(featureModules).map(([file, content]) => {
  const [, feature = '', locale = ''] = /^\.\/feature-locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  return { feature, locale, content };
});
for (const { locale, content } of featureFiles) messages[locale] = { ...messages[locale], ...content };
const allKeys = [...new Set(Object.values(messages).flatMap((content) => Object.keys(content)))].sort();

/**
 * A key with a plural category (`equityShares_one`) is the form i18next takes for a count in that
 * category; the plain key is every other count's. A language has the forms its plural rules have:
 * English "1 share" and "2 shares", Chinese, Korean and Malay one form for every count.
 */
const PLURAL = /^(.+)_(zero|one|two|few|many)$/;
const pluralCategories = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
const plainKeys = allKeys.filter((key) => !PLURAL.test(key));

describe('locales', () => {
  it('has one file per supported locale', () => {
    expect(Object.keys(messages).sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])('%s has every key, each with a non-empty text', (locale) => {
    const content = messages[locale] ?? {};
    const missing = plainKeys.filter((key) => typeof content[key] !== 'string' || !content[key]?.trim());
    expect(missing).toEqual([]);
  });

  it.each([...LOCALES])('%s has a plural form for each category of its language, and no other', (locale) => {
    const content = messages[locale] ?? {};
    const categories = pluralCategories(locale);
    const plurals = allKeys.flatMap((key) => {
      const [, base = '', category = ''] = PLURAL.exec(key) ?? [];
      return base ? [{ key, base, category }] : [];
    });
    const wrong = plurals.filter(({ key, base, category }) => {
      const needed = (categories as readonly string[]).includes(category);
      const has = typeof content[key] === 'string' && content[key]?.trim() !== '';
      // A plural form counts what its plain key counts, by {{count}}.
      const counted = !has || (content[key]?.includes('{{count}}') && content[base]?.includes('{{count}}'));
      return needed !== has || !counted;
    });
    expect(wrong.map(({ key }) => key)).toEqual([]);
  });

  it('gives each feature a file per locale, whose keys no other file has', () => {
    expect(MESSAGE_FEATURES.length).toBeGreaterThan(0);
    for (const feature of MESSAGE_FEATURES) {
      const files = featureFiles.filter((f) => f.feature === feature);
      expect(files.map((f) => f.locale).sort()).toEqual([...LOCALES].sort());
      const zh = files.find((f) => f.locale === 'zh-CN')?.content ?? {};
      expect(Object.keys(zh).length).toBeGreaterThan(0);
      expect(Object.keys(zh).filter((key) => mainKeys.includes(key))).toEqual([]);
    }
    expect(featureFiles.every((f) => (MESSAGE_FEATURES as readonly string[]).includes(f.feature))).toBe(true);
  });

  it('uses camelCase keys', () => {
    expect(allKeys.filter((key) => !/^[a-z][a-zA-Z0-9]*(_(zero|one|two|few|many))?$/.test(key))).toEqual([]);
  });

  it('keeps the Chinese texts of the spec verbatim', () => {
    expect(messages['zh-CN']).toMatchObject({
      copySuccess: '复制成功',
      copyEmpty: '复制内容不能为空',
      notYetOpen: '暂未开放!',
      requestError: '请求错误',
      networkError: '网络错误，换个网络试试',
      listLoading: '正在努力加载中...',
      listFinished: '已加载完毕',
      listError: '加载失败',
      listRetry: '点击重试',
      uploadFailed: '上传失败',
      confirmClearConnection: '确认断开连接？',
    });
    expect(messages.en?.confirmClearConnection).toBe('Confirm Clear Connection?');
  });

  it('leaves no English in the Korean texts', () => {
    const korean = messages['ko-KR'] ?? {};
    // Placeholders ({{kept}}) are names for values, not text a reader sees.
    const visible = (text: string) => text.replace(/\{\{\w+\}\}/g, '');
    expect(Object.entries(korean).filter(([, text]) => /[A-Za-z]{3,}/.test(visible(text)))).toEqual([]);
  });

  it('translates every Malay text', () => {
    const malay = messages['ms-MY'] ?? {};
    const english = messages.en ?? {};
    expect(Object.keys(malay).filter((key) => malay[key] === english[key])).toEqual([]);
  });
});
