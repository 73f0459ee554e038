import { describe, expect, it } from 'vitest';
import { BOUNDARY_SETTINGS, isSettingKey, PUBLIC_SETTING_KEYS, SETTING_KEYS } from './settings.ts';

describe('settings', () => {
  it('changes member-facing terms at the settlement boundary, the rest at once', () => {
    expect([...BOUNDARY_SETTINGS].sort()).toEqual(
      [
        'gold.perUsdt',
        'mining.burnRate',
        'mining.btcPerThPerDay',
        'equity.minQuantity',
        'equity.minReinvestU',
        'equity.btcShare',
        'equity.termDays',
        'equity.fallbackBtcPrice',
        'team.directRate',
        'team.indirectRate',
        'team.silverMajor',
        'team.silverMinor',
        'team.goldMajor',
        'team.goldMinor',
        'team.regularBonusPct',
        'team.silverBonusPct',
        'team.goldBonusPct',
        'pool.purchaseShare',
        'pool.minForge',
        'pool.winners',
        'pool.weights',
        'withdraw.fee.USDT',
        'withdraw.fee.BTC',
        'withdraw.min.USDT',
        'withdraw.min.BTC',
      ].sort(),
    );
  });

  it('publishes every setting but the two-operator approval thresholds', () => {
    const hidden = Object.keys(SETTING_KEYS).filter((key) => !(PUBLIC_SETTING_KEYS as string[]).includes(key));
    expect(hidden).toEqual([
      'withdraw.secondApproval.USDT',
      'withdraw.secondApproval.BTC',
      'ledger.adjustApprovalAbove.USDT',
      'ledger.adjustApprovalAbove.BTC',
      'ledger.adjustApprovalAbove.GOLD',
      'ledger.adjustDailyCap.USDT',
      'ledger.adjustDailyCap.BTC',
      'ledger.adjustDailyCap.GOLD',
    ]);
  });

  it('accepts each default by its own schema, and knows only its keys', () => {
    for (const [key, spec] of Object.entries(SETTING_KEYS)) {
      expect([key, spec.schema.safeParse(spec.default).success]).toEqual([key, true]);
    }
    expect(isSettingKey('mining.burnRate')).toBe(true);
    expect(isSettingKey('toString')).toBe(false);
  });

  it('takes a support email or Telegram username or link, or empty to hide it, and says what else it wants', () => {
    const check = (key: 'support.email' | 'support.telegram', value: unknown) => {
      const parsed = SETTING_KEYS[key].schema.safeParse(value);
      return parsed.success ? 'ok' : parsed.error.issues.map((issue) => issue.message).join('; ');
    };
    for (const email of ['', 'help@minecloud.io', 'first.last+support@mail.example.co']) {
      expect([email, check('support.email', email)]).toEqual([email, 'ok']);
    }
    for (const email of ['help', 'help@minecloud', '@minecloud.io', 'a b@minecloud.io', 'help@minecloud.io?cc=x', 3]) {
      expect([email, check('support.email', email)]).toEqual([
        email,
        typeof email === 'string'
          ? 'an email address such as support@example.com, or empty to hide it'
          : expect.any(String),
      ]);
    }
    const telegram =
      'a Telegram username such as @minecloud_help or a link such as https://t.me/minecloud_help, or empty to hide it';
    for (const value of [
      '',
      '@minecloud_help',
      'https://t.me/minecloud_help',
      'https://telegram.me/minecloud_help',
      'https://t.me/+AbCdEf12_-xy',
      'https://t.me/joinchat/AbCdEf12',
    ]) {
      expect([value, check('support.telegram', value)]).toEqual([value, 'ok']);
    }
    for (const value of [
      'minecloud_help',
      '@mc',
      '@1minecloud',
      '@minecloud_',
      'http://t.me/minecloud_help',
      'https://t.me.evil.example/minecloud_help',
      'https://t.me/minecloud_help?start=x',
      'javascript:alert(1)',
    ]) {
      expect([value, check('support.telegram', value)]).toEqual([value, telegram]);
    }
    expect(SETTING_KEYS['support.email']).toMatchObject({ kind: 'email', default: '', boundary: false });
    expect(SETTING_KEYS['support.telegram']).toMatchObject({ kind: 'telegram', default: '', boundary: false });
  });
});
