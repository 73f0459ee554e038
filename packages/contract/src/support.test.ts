import { describe, expect, it } from 'vitest';
import { supportLink } from './support.ts';

describe('support links', () => {
  it('opens the mail app for an email and Telegram for a username or a link', () => {
    expect(supportLink('email', 'help@minecloud.io')).toBe('mailto:help@minecloud.io');
    expect(supportLink('telegram', '@minecloud_help')).toBe('https://t.me/minecloud_help');
    expect(supportLink('telegram', 'https://t.me/+AbCdEf12')).toBe('https://t.me/+AbCdEf12');
  });
});
