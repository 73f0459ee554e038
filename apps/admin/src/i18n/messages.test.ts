import { describe, expect, it } from 'vitest';
import { i18n } from './index';

// Every feature's texts, and the shell's: each registers its namespace when loaded.
const modules = import.meta.glob(['../features/*/i18n.ts', '../app/i18n.ts'], { eager: true });

describe('messages', () => {
  it('has every English text in Simplified Chinese too, and no empty one', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(5);
    const en = i18n.store.data.en ?? {};
    const zh = i18n.store.data['zh-CN'] ?? {};
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const namespace of Object.keys(en)) {
      const english = en[namespace] as Record<string, string>;
      const chinese = zh[namespace] as Record<string, string>;
      expect(Object.keys(chinese).sort(), namespace).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries({ ...english, ...chinese })) {
        expect(String(text).trim(), `${namespace}:${key}`).not.toBe('');
      }
    }
  });
});
