import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { parameterName, parameterValue } from './parameter-names';

describe('parameter names and values', () => {
  const t = i18n.t;

  it('names each kind of parameter, with its asset or level', () => {
    expect(parameterName('withdraw.min.BTC', t)).toBe('BTC 最低提现');
    expect(parameterName('team.goldMajor', t)).toBe('黄金节点：大区业绩门槛');
    expect(parameterName('settlement.timeZone', t)).toBe('结算时区');
    expect(parameterName('support.telegram', t)).toBe('客服 Telegram');
    expect(parameterName('no.such.key', t)).toBe('no.such.key');
  });

  it('reads lists sent as JSON or as plain text, and JSON-quoted scalars', () => {
    expect(parameterValue('pool.weights', '40,25,15,10,10', t)).toBe('40% / 25% / 15% / 10% / 10%');
    expect(parameterValue('pool.weights', '[50, 50]', t)).toBe('50% / 50%');
    expect(parameterValue('transfer.assets', '["GOLD","USDT"]', t)).toBe('金币, USDT');
    expect(parameterValue('donation.assets', 'GOLD,USDT,BTC', t)).toBe('金币, USDT, BTC');
    expect(parameterValue('mining.burnRate', '"0.05"', t)).toBe('5%');
  });

  it('shows amounts with their unit, days, switches and plain numbers', () => {
    expect(parameterValue('mining.btcPerThPerDay', '0.0000008', t)).toBe('0.0000008 BTC');
    expect(parameterValue('pool.minForge', '10', t)).toBe('10 金币');
    expect(parameterValue('team.silverMajor', '50000', t)).toBe('50000 USDT');
    expect(parameterValue('equity.termDays', '365', t)).toBe('365 天');
    expect(parameterValue('equity.repurchaseOpen', 'true', t)).toBe('已开放');
    expect(parameterValue('gold.perUsdt', '100', t)).toBe('100');
    expect(parameterValue('market.roundSymbol', 'BTCUSDT', t)).toBe('BTCUSDT');
    // A support contact the operators cleared (or never set) is empty.
    expect(parameterValue('support.email', '', t)).toBe('暂未设置');
    expect(parameterValue('support.email', 'help@minecloud.io', t)).toBe('help@minecloud.io');
    // A rate the server sent in some other form is shown as sent rather than guessed at.
    expect(parameterValue('team.directRate', '10%', t)).toBe('10%');
    expect(parameterValue('unknown.key', '0.3', t)).toBe('0.3');
  });
});
