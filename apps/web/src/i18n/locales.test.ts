import { LOCALES } from '@minecloud/contract/locales';
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, string>>('./locales/*.json', { eager: true, import: 'default' });
const messages = Object.fromEntries(
  Object.entries(modules).map(([file, content]) => [file.replace('./locales/', '').replace('.json', ''), content]),
);
const allKeys = [...new Set(Object.values(messages).flatMap((content) => Object.keys(content)))].sort();

describe('locales', () => {
  it('has one file per supported locale', () => {
    expect(Object.keys(messages).sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])('%s has every key, each with a non-empty text', (locale) => {
    const content = messages[locale] ?? {};
    const missing = allKeys.filter((key) => typeof content[key] !== 'string' || !content[key]?.trim());
    expect(missing).toEqual([]);
  });

  it('uses camelCase keys', () => {
    expect(allKeys.filter((key) => !/^[a-z][a-zA-Z0-9]*$/.test(key))).toEqual([]);
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
