import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';

describe('banners per language', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp();
    token = await operatorToken(app);
  });
  afterAll(() => app.close());
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/admin-api/${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const BANNER = { image: '/banners/mining.svg', link: '', sort: 0, active: true };

  it("gives members each banner's text in their language, else English, else the Chinese base", async () => {
    const created = await admin('POST', 'banners', {
      ...BANNER,
      place: 'home',
      title: '云端挖矿',
      subtitle: '每日产出',
      translations: { en: { title: 'Cloud mining', subtitle: 'Daily output' }, 'ko-KR': { title: '클라우드 채굴' } },
    });
    expect(created.statusCode).toBe(200);
    const chineseOnly = await admin('POST', 'banners', { ...BANNER, place: 'miners', title: '只有中文' });
    expect(chineseOnly.json().data).toMatchObject({ subtitle: '', translations: {} });
    const withEnglish = await admin('POST', 'banners', {
      ...BANNER,
      place: 'miners',
      title: '邀请好友',
      translations: { en: { title: 'Invite friends' } },
    });
    expect(withEnglish.statusCode).toBe(200);

    const home = async (lang: string | null) => {
      const answer = await app.inject({
        method: 'GET',
        url: '/app-api/biz/biz-config/get/basic',
        headers: lang ? { 'accept-language': lang } : {},
      });
      expect(answer.headers.vary).toMatch(/accept-language/i);
      return answer.json().data.banners.map(({ title, subtitle, lang }: Record<string, string>) => ({
        title,
        subtitle,
        lang,
      }));
    };
    expect(await home('en')).toEqual([{ title: 'Cloud mining', subtitle: 'Daily output', lang: 'en' }]);
    expect(await home('ko-KR')).toEqual([{ title: '클라우드 채굴', subtitle: '', lang: 'ko-KR' }]);
    // Traditional Chinese without its own version: the Chinese base, not English.
    expect(await home('zh-TW')).toEqual([{ title: '云端挖矿', subtitle: '每日产出', lang: 'zh-CN' }]);
    expect(await home('zh-CN')).toEqual([{ title: '云端挖矿', subtitle: '每日产出', lang: 'zh-CN' }]);
    expect(await home(null)).toEqual([{ title: '云端挖矿', subtitle: '每日产出', lang: 'zh-CN' }]);

    const shop = async (lang: string) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/app-api/user_mining_machines/buyMiningMachineBanners',
        headers: { 'accept-language': lang },
        payload: {},
      });
      expect(answer.headers.vary).toMatch(/accept-language/i);
      return answer.json().data.list.map((b: { title: string }) => b.title);
    };
    expect(await shop('ms-MY')).toEqual(['只有中文', 'Invite friends']);
    expect(await shop('zh-CN')).toEqual(['只有中文', '邀请好友']);
  });

  it('round-trips every version through create, the list and edit', async () => {
    const translations = {
      en: { title: 'Markets', subtitle: 'Prices · 24h change' },
      'zh-TW': { title: '行情走勢', subtitle: '價格' },
      'ms-MY': { title: 'Pasaran', subtitle: '' },
    };
    const created = (
      await admin('POST', 'banners', { ...BANNER, place: 'home', title: '行情走势', subtitle: '价格', translations })
    ).json().data;
    expect(created).toMatchObject({ title: '行情走势', subtitle: '价格', translations });
    const listed = (await admin('GET', 'banners')).json().data.list.find((b: { id: string }) => b.id === created.id);
    expect(listed.translations).toEqual(translations);

    const edited = await admin('PUT', `banners/${created.id}`, {
      ...BANNER,
      place: 'home',
      title: '行情',
      translations: { 'ko-KR': { title: '시세', subtitle: '가격' } },
    });
    expect(edited.json().data).toMatchObject({
      title: '行情',
      subtitle: '',
      translations: { 'ko-KR': { title: '시세', subtitle: '가격' } },
    });
    expect(Object.keys(edited.json().data.translations)).toEqual(['ko-KR']);

    const refused = async (payload: object) => (await admin('POST', 'banners', payload)).statusCode;
    expect(await refused({ ...BANNER, place: 'home', title: '', translations: { en: { title: 'x' } } })).toBe(400);
    expect(await refused({ ...BANNER, place: 'home', title: 'x', translations: { en: { title: '' } } })).toBe(400);
  });
});
