import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { languageOfBrowser, setLanguage } from '@/i18n';
import { antdLocale } from '@/i18n/antd-locale';
import { api } from '@/lib/api';
import { calls, mockApi } from '@/test/fetch';
import { renderWithApp } from '@/test/render';
import { ConsoleRoutes } from './console-routes';

describe("the console's languages", () => {
  afterAll(() => setLanguage('en'));

  it('takes the browser’s language: Traditional Chinese for Taiwan and Hong Kong, Korean, Malay, else English', () => {
    expect(languageOfBrowser('zh-TW')).toBe('zh-TW');
    expect(languageOfBrowser('zh-HK')).toBe('zh-TW');
    expect(languageOfBrowser('zh-Hant')).toBe('zh-TW');
    expect(languageOfBrowser('zh-CN')).toBe('zh-CN');
    expect(languageOfBrowser('zh')).toBe('zh-CN');
    expect(languageOfBrowser('ko')).toBe('ko-KR');
    expect(languageOfBrowser('ko-KR')).toBe('ko-KR');
    expect(languageOfBrowser('ms')).toBe('ms-MY');
    expect(languageOfBrowser('en-GB')).toBe('en');
    expect(languageOfBrowser('fr-FR')).toBe('en');
    expect(languageOfBrowser('')).toBe('en');
  });

  it('offers all five, named as the member app names them, and asks the server in the one chosen', async () => {
    const requests = mockApi({ 'GET feedback': () => ({ list: [], total: 0 }) });
    const { user } = renderWithApp(<ConsoleRoutes />, { me: { role: 'support' }, route: '/feedback' });
    const menu = () => within(screen.getByRole('navigation'));
    await menu().findByText('Feedback');
    for (const name of ['简体中文', 'English', '繁體中文', '한국어', 'Bahasa Melayu']) {
      expect(screen.getByText(name)).toBeInTheDocument();
    }
    const switchTo = [
      { name: '繁體中文', language: 'zh-TW', feedback: '使用者回饋', empty: '暫無資料' },
      { name: '한국어', language: 'ko-KR', feedback: '의견', empty: '아직 데이터가 없습니다' },
      { name: 'Bahasa Melayu', language: 'ms-MY', feedback: 'Maklum balas', empty: 'Belum ada apa-apa di sini' },
    ];
    for (const { name, language, feedback, empty } of switchTo) {
      await user.click(screen.getByText(name));
      expect(await menu().findByText(feedback)).toBeInTheDocument();
      expect(localStorage.getItem('minecloud.admin.language')).toBe(language);
      expect(document.documentElement.lang).toBe(language);
      // The page's own texts came with it (common's, here the empty table's), in the new language.
      expect(await screen.findAllByText(empty)).not.toHaveLength(0);
    }
    // A request after the switch names the language, so the server's messages come in it.
    await api.get('feedback');
    const sent = calls(requests, 'GET feedback').at(-1);
    expect(sent?.headers.get('Accept-Language')).toBe('ms-MY');
  });

  it('gives antd its texts in each language (date pickers, pagination), loaded with it', async () => {
    for (const [language, antd] of [
      ['zh-TW', 'zh-tw'],
      ['ko-KR', 'ko'],
      ['ms-MY', 'ms-my'],
      ['zh-CN', 'zh-cn'],
    ] as const) {
      await setLanguage(language);
      expect(antdLocale(language).locale).toBe(antd);
    }
  });
});
