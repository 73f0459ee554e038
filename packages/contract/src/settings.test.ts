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
});
