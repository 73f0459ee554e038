import { LOCALES } from '@minecloud/contract/locales';
import { describe, expect, it } from 'vitest';
import { allManifests, manifestPath, THEME_COLOR, webManifest } from './manifest';

describe('the web app manifest', () => {
  it('has a version per language, the default one at /manifest.webmanifest', () => {
    expect(allManifests().map((m) => m.path)).toEqual([
      '/manifest.webmanifest',
      '/manifest-en.webmanifest',
      '/manifest-zh-TW.webmanifest',
      '/manifest-ko-KR.webmanifest',
      '/manifest-ms-MY.webmanifest',
    ]);
    expect(manifestPath('zh-CN')).toBe('/manifest.webmanifest');
    expect(webManifest('zh-CN')).toMatchObject({ lang: 'zh-CN', name: 'MineCloud 云端挖矿' });
    expect(webManifest('en')).toMatchObject({ lang: 'en', name: 'MineCloud Cloud Mining' });
    expect(webManifest('ko-KR').name).toBe('MineCloud 클라우드 마이닝');
    expect(new Set(LOCALES.map((l) => webManifest(l).description)).size).toBe(LOCALES.length);
  });

  it('is installable in every language: standalone, in scope, navy, with 192 and 512 icons and a maskable one', () => {
    for (const locale of LOCALES) {
      const manifest = webManifest(locale);
      expect(manifest).toMatchObject({
        id: '/',
        short_name: 'MineCloud',
        display: 'standalone',
        scope: '/',
        theme_color: THEME_COLOR,
        background_color: THEME_COLOR,
      });
      expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
      expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    }
    expect(THEME_COLOR).toBe('#0b1633');
  });
});
