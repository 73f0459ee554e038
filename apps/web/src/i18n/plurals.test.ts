import { afterAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n } from './i18n';

describe('counts read as the language counts them', () => {
  afterAll(() => changeLocale('zh-CN'));

  it('says "1 share" and "2 shares" in English', async () => {
    await changeLocale('en');
    expect(i18n.t('equityMinimum', { count: 1 })).toBe('Minimum 1 share');
    expect(i18n.t('equityMinimum', { count: 2 })).toBe('Minimum 2 shares');
    expect(i18n.t('equityShares', { count: 1 })).toBe('1 share');
    expect(i18n.t('equityShares', { count: 0 })).toBe('0 shares');
    expect(i18n.t('minerUnits', { count: 1 })).toBe('1 unit');
    expect(i18n.t('minerDays', { count: 1 })).toBe('1 day');
    expect(i18n.t('notificationsNewNotices', { count: 1 })).toBe('1 new announcement');
    expect(i18n.t('notificationsNewNotices', { count: 3 })).toBe('3 new announcements');
  });

  it('keeps one form in Chinese, Korean and Malay', async () => {
    await changeLocale('zh-CN');
    expect(i18n.t('equityShares', { count: 1 })).toBe('1 股');
    await changeLocale('ko-KR');
    expect(i18n.t('minerUnits', { count: 1 })).toBe('1대');
    await changeLocale('ms-MY');
    expect(i18n.t('equityShares', { count: 1 })).toBe('1 saham');
  });
});
