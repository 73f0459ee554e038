import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@minecloud/contract/locales';
import { describe, expect, it } from 'vitest';

/**
 * Every text of the product, the member app's, the console's and the answer codes', is a JSON file
 * per language in a folder of its own: `<folder>/<locale>.json` (docs/architecture.md, "Texts and
 * languages"). A folder is one set of texts; each set has a file for every language of the
 * contract's LOCALES, every key in each, none empty, and each key's placeholders the same in every
 * language: `{{name}}` in i18next's texts, `{name}` in the answer codes'.
 */
const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['apps/web/src', 'apps/admin/src', 'packages/contract/src'];

type Texts = Record<string, unknown>;
type TextSet = { folder: string; files: Partial<Record<string, Texts>> };

/** The folders under `dir` that hold at least one `<locale>.json`, each with its locale files read. */
function textSets(dir: string): TextSet[] {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  const files: Partial<Record<string, Texts>> = {};
  for (const entry of entries) {
    const locale = entry.isFile() ? /^(.+)\.json$/.exec(entry.name)?.[1] : undefined;
    if (locale && (LOCALES as readonly string[]).includes(locale)) {
      files[locale] = JSON.parse(readFileSync(path.join(root, dir, entry.name), 'utf8')) as Texts;
    }
  }
  const nested = entries
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .flatMap((entry) => textSets(path.join(dir, entry.name)));
  return Object.keys(files).length > 0 ? [{ folder: dir, files }, ...nested] : nested;
}

/**
 * A plural form (`daysBehind_one`) is the same text as its plain key for another count: a
 * language has the forms its plural rules need (apps/web/src/i18n/locales.test.ts checks which), so
 * keys are compared by their base, and a base's placeholders are those of all its forms.
 */
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const baseOf = (key: string) => PLURAL.exec(key)?.[1] ?? key;

function placeholders(text: string): string[] {
  const found = [...text.matchAll(/\{\{\s*([^\s},]+)[^}]*\}\}|\{(\w+)\}/g)].map(([, double, single]) =>
    double ? `{{${double}}}` : `{${single}}`,
  );
  return [...new Set(found)].sort();
}

/** What is wrong with a set of texts, one line each; none when every language has every text alike. */
function problemsOf(files: Partial<Record<string, Texts>>): string[] {
  const problems: string[] = [];
  const byBase: Partial<Record<string, Map<string, Set<string>>>> = {};
  for (const locale of LOCALES) {
    const texts = files[locale];
    if (!texts) {
      problems.push(`${locale}: no file`);
      continue;
    }
    const bases = new Map<string, Set<string>>();
    for (const [key, text] of Object.entries(texts)) {
      if (typeof text !== 'string' || !text.trim()) {
        problems.push(`${locale} ${key}: no text`);
        continue;
      }
      const base = bases.get(baseOf(key)) ?? new Set<string>();
      for (const placeholder of placeholders(text)) base.add(placeholder);
      bases.set(baseOf(key), base);
    }
    byBase[locale] = bases;
  }
  const allBases = [...new Set(Object.values(byBase).flatMap((bases) => [...(bases?.keys() ?? [])]))].sort();
  const reference = byBase.en ?? new Map<string, Set<string>>();
  for (const base of allBases) {
    const expected = [...(reference.get(base) ?? [])].sort().join(' ');
    for (const locale of LOCALES) {
      const bases = byBase[locale];
      if (!bases) continue;
      const own = bases.get(base);
      if (!own) {
        problems.push(`${locale} ${base}: missing`);
        continue;
      }
      const got = [...own].sort().join(' ');
      if (reference.has(base) && got !== expected) {
        problems.push(`${locale} ${base}: placeholders "${got}", English has "${expected}"`);
      }
    }
  }
  return problems;
}

const sets = SOURCES.flatMap((source) => textSets(source));

describe('texts in every language', () => {
  it('finds the member app’s, the console’s and the answer codes’ texts', () => {
    const folders = sets.map((set) => set.folder);
    expect(folders).toEqual(
      expect.arrayContaining([
        'apps/web/src/i18n/locales',
        'apps/web/src/i18n/feature-locales/transparency',
        'apps/admin/src/i18n/locales',
        'apps/admin/src/app/locales',
        'apps/admin/src/features/withdrawals/locales',
        'apps/admin/src/features/config/locales/settings',
        'apps/admin/src/components/locales/passkeys',
        'packages/contract/src/locales/errors',
        'packages/contract/src/locales/client-errors',
      ]),
    );
    // Every console feature with an i18n.ts has its texts' folder.
    const features = readdirSync(path.join(root, 'apps/admin/src/features'));
    for (const feature of features) expect(folders).toContain(`apps/admin/src/features/${feature}/locales`);
  });

  it.each(sets.map((set) => [set.folder, set] as const))(
    '%s: every key in every language, placeholders alike',
    (_, set) => {
      expect(problemsOf(set.files)).toEqual([]);
    },
  );

  it('reports a missing file, a missing or empty text, and a missing or extra placeholder', () => {
    const good = { a: 'Hello {{name}}', n_one: '{{count}} day', n_other: '{{count}} days', e: 'Min {min}' };
    const files: Partial<Record<string, Texts>> = Object.fromEntries(LOCALES.map((locale) => [locale, { ...good }]));
    expect(problemsOf(files)).toEqual([]);
    // Korean counts in one form: its plural forms are the language's own business.
    files['ko-KR'] = { a: '{{name}} 님', n_other: '{{count}}일', e: '최소 {min}' };
    expect(problemsOf(files)).toEqual([]);
    files['zh-TW'] = { a: '你好', n_other: '{{count}} 天 {{extra}}', e: '' };
    files['ms-MY'] = { n_one: '{{count}} hari', n_other: '{{count}} hari', e: 'Min {min}' };
    delete files['zh-CN'];
    expect(problemsOf(files)).toEqual([
      'zh-CN: no file',
      'zh-TW e: no text',
      'zh-TW a: placeholders "", English has "{{name}}"',
      'ms-MY a: missing',
      'zh-TW e: missing',
      'zh-TW n: placeholders "{{count}} {{extra}}", English has "{{count}}"',
    ]);
  });
});
