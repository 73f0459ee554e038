import { describe, expect, it } from 'vitest';
import {
  BOUNDARY_SETTINGS,
  GUARDED_SETTINGS,
  isSettingKey,
  loosens,
  PUBLIC_SETTING_KEYS,
  SETTING_KEYS,
  type SettingKey,
} from './settings.ts';

describe('settings', () => {
  it('changes member-facing terms at the settlement boundary, the rest at once', () => {
    expect([...BOUNDARY_SETTINGS].sort()).toEqual(
      [
        'gold.perUsdt',
        'mining.burnRate',
        'mining.btcPerThPerDay',
        'mining.networkOutput',
        'mining.poolFee',
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
      'config.loosenDelayHours',
      'idempotency.replayDays',
    ]);
  });

  it('names a class for every setting: the money guards and which way loosens each, the rest plain', () => {
    // A new setting must be placed here too: the class decides whether one owner alone may loosen it.
    const expected: Record<string, 'raise' | 'lower' | 'any' | null> = {
      'gold.perUsdt': 'any',
      'transfer.assets': null,
      'donation.assets': null,
      'mining.burnRate': 'any',
      'mining.btcPerThPerDay': 'any',
      'mining.networkOutput': 'any',
      'mining.poolFee': 'any',
      'settlement.timeZone': 'any',
      'equity.minQuantity': null,
      'equity.minReinvestU': null,
      'equity.btcShare': 'any',
      'equity.termDays': 'any',
      'equity.tradingOpen': null,
      'equity.repurchaseOpen': null,
      'equity.fallbackBtcPrice': 'any',
      'team.directRate': 'any',
      'team.indirectRate': 'any',
      'team.silverMajor': 'lower',
      'team.silverMinor': 'lower',
      'team.goldMajor': 'lower',
      'team.goldMinor': 'lower',
      'team.regularBonusPct': 'any',
      'team.silverBonusPct': 'any',
      'team.goldBonusPct': 'any',
      'pool.purchaseShare': 'any',
      'pool.minForge': null,
      'pool.winners': 'any',
      'pool.weights': 'any',
      'withdraw.fee.USDT': 'any',
      'withdraw.fee.BTC': 'any',
      'withdraw.min.USDT': null,
      'withdraw.min.BTC': null,
      'withdraw.newAddressHours': 'lower',
      'withdraw.secondApproval.USDT': 'raise',
      'withdraw.secondApproval.BTC': 'raise',
      'ledger.adjustApprovalAbove.USDT': 'raise',
      'ledger.adjustApprovalAbove.BTC': 'raise',
      'ledger.adjustApprovalAbove.GOLD': 'raise',
      'ledger.adjustDailyCap.USDT': 'raise',
      'ledger.adjustDailyCap.BTC': 'raise',
      'ledger.adjustDailyCap.GOLD': 'raise',
      'market.roundSymbol': null,
      'chain.confirmations': 'lower',
      'config.loosenDelayHours': 'lower',
      'idempotency.replayDays': 'lower',
      'support.email': null,
      'support.telegram': null,
    };
    const declared = Object.fromEntries(
      Object.entries(SETTING_KEYS).map(([key, spec]) => [key, (spec as { guard?: unknown }).guard]),
    );
    expect(declared).toEqual(expected);
    for (const key of Object.keys(SETTING_KEYS) as SettingKey[]) {
      expect([key, GUARDED_SETTINGS.get(key) ?? null]).toEqual([key, expected[key]]);
    }
  });

  it('tells a loosening change from a tightening one by the setting’s direction', () => {
    expect(loosens('ledger.adjustApprovalAbove.USDT', '1000', '100000')).toBe(true);
    expect(loosens('ledger.adjustApprovalAbove.USDT', '1000', '999.5')).toBe(false);
    expect(loosens('ledger.adjustApprovalAbove.USDT', '1000', '1000.00')).toBe(false);
    // Decimals compare exactly, not as text: "9" is less than "10".
    expect(loosens('ledger.adjustDailyCap.BTC', '10', '9')).toBe(false);
    expect(loosens('withdraw.newAddressHours', 24, 0)).toBe(true);
    expect(loosens('withdraw.newAddressHours', 0, 1)).toBe(false);
    expect(loosens('chain.confirmations', 12, 15)).toBe(false);
    expect(loosens('withdraw.fee.USDT', '1', '2')).toBe(true);
    expect(loosens('withdraw.fee.USDT', '1', '0.5')).toBe(true);
    expect(loosens('pool.weights', [40, 25], [40, 25])).toBe(false);
    expect(loosens('pool.weights', [40, 25], [25, 40])).toBe(true);
    expect(loosens('settlement.timeZone', 'Asia/Shanghai', 'UTC')).toBe(true);
    expect(loosens('withdraw.min.USDT', '10', '1')).toBe(false);
    expect(loosens('support.email', '', 'help@example.com')).toBe(false);
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
