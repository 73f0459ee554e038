import { DEFAULT_LOCALE, LOCALES, type Locale } from '@minecloud/contract/locales';

/** The web app manifest's texts in each language: what the home screen and the install prompt say. */
const TEXTS: Record<Locale, { name: string; description: string }> = {
  'zh-CN': { name: 'MineCloud 云端挖矿', description: '云端挖矿、奖池、股权与团队奖励' },
  en: { name: 'MineCloud Cloud Mining', description: 'Cloud mining, prize pool, equity and team rewards' },
  'zh-TW': { name: 'MineCloud 雲端挖礦', description: '雲端挖礦、獎池、股權與團隊獎勵' },
  'ko-KR': { name: 'MineCloud 클라우드 마이닝', description: '클라우드 마이닝, 상금 풀, 지분 및 팀 보상' },
  'ms-MY': {
    name: 'MineCloud Perlombongan Awan',
    description: 'Perlombongan awan, kumpulan hadiah, ekuiti dan ganjaran pasukan',
  },
};

/** The app's dark navy: the splash screen, the status bar and the title bar. */
export const THEME_COLOR = '#0b1633';

/** Where each language's manifest is served; the default language's is the one index.html names. */
export function manifestPath(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '/manifest.webmanifest' : `/manifest-${locale}.webmanifest`;
}

/** The manifest in `locale`: installable (standalone, icons of 192 and 512, a maskable one). */
export function webManifest(locale: Locale) {
  const { name, description } = TEXTS[locale];
  return {
    id: '/',
    name,
    short_name: 'MineCloud',
    description,
    lang: locale,
    dir: 'ltr',
    start_url: '/#/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: THEME_COLOR,
    theme_color: THEME_COLOR,
    categories: ['finance'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Every language's manifest, by the path it is served at. */
export function allManifests(): { path: string; manifest: ReturnType<typeof webManifest> }[] {
  return LOCALES.map((locale) => ({ path: manifestPath(locale), manifest: webManifest(locale) }));
}
