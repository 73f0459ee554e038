import type { Asset } from '@minecloud/contract/amount';
import { rateToPercent } from '@minecloud/contract/decimal';
import type { PublicSettingKey } from '@minecloud/contract/settings';
import type { TFunction } from 'i18next';
import type { MessageKey } from '@/i18n/i18n';

type ValueKind =
  /** A share from 0 to 1 as an exact decimal: shown as a percentage. */
  | { kind: 'rate' }
  /** Whole percent. */
  | { kind: 'percent' }
  /** Whole percents per place, best first. */
  | { kind: 'percentList' }
  | { kind: 'amount'; asset: Asset }
  | { kind: 'number' }
  | { kind: 'days' }
  | { kind: 'switch' }
  | { kind: 'assets' }
  | { kind: 'text' }
  /** A support contact: empty when the operators have set none. */
  | { kind: 'contact' };

type Level = 'identityRegular' | 'identitySilver' | 'identityGold';
type ParameterSpec = ValueKind & { name: MessageKey; level?: Level; of?: Asset };

const rate = { kind: 'rate' } as const;
const usdt = { kind: 'amount', asset: 'USDT' } as const;
const btc = { kind: 'amount', asset: 'BTC' } as const;

/**
 * Every setting the parameter log publishes (all but the private ones of @minecloud/contract/settings),
 * with its name and how its value reads: a new public setting without one does not compile.
 */
const PARAMETERS: Record<PublicSettingKey, ParameterSpec> = {
  'gold.perUsdt': { name: 'transparencyParamGoldPerUsdt', of: 'USDT', kind: 'number' },
  'transfer.assets': { name: 'transparencyParamTransferAssets', kind: 'assets' },
  'donation.assets': { name: 'transparencyParamDonationAssets', kind: 'assets' },
  'mining.burnRate': { name: 'transparencyParamBurnRate', ...rate },
  'mining.btcPerThPerDay': { name: 'transparencyParamBtcPerTh', ...btc },
  'mining.networkOutput': { name: 'transparencyParamNetworkOutput', kind: 'switch' },
  'mining.poolFee': { name: 'transparencyParamPoolFee', ...rate },
  'settlement.timeZone': { name: 'transparencyParamTimeZone', kind: 'text' },
  'equity.minQuantity': { name: 'transparencyParamEquityMinQuantity', kind: 'number' },
  'equity.minReinvestU': { name: 'transparencyParamEquityMinReinvest', ...usdt },
  'equity.btcShare': { name: 'transparencyParamEquityBtcShare', of: 'BTC', ...rate },
  'equity.termDays': { name: 'transparencyParamEquityTerm', kind: 'days' },
  'equity.tradingOpen': { name: 'transparencyParamEquityTrading', kind: 'switch' },
  'equity.repurchaseOpen': { name: 'transparencyParamEquityRepurchase', kind: 'switch' },
  'equity.fallbackBtcPrice': { name: 'transparencyParamFallbackBtcPrice', of: 'BTC', ...usdt },
  'team.directRate': { name: 'transparencyParamDirectRate', ...rate },
  'team.indirectRate': { name: 'transparencyParamIndirectRate', ...rate },
  'team.silverMajor': { name: 'transparencyParamLevelMajor', level: 'identitySilver', ...usdt },
  'team.silverMinor': { name: 'transparencyParamLevelMinor', level: 'identitySilver', ...usdt },
  'team.goldMajor': { name: 'transparencyParamLevelMajor', level: 'identityGold', ...usdt },
  'team.goldMinor': { name: 'transparencyParamLevelMinor', level: 'identityGold', ...usdt },
  'team.regularBonusPct': { name: 'transparencyParamLevelBonus', level: 'identityRegular', kind: 'percent' },
  'team.silverBonusPct': { name: 'transparencyParamLevelBonus', level: 'identitySilver', kind: 'percent' },
  'team.goldBonusPct': { name: 'transparencyParamLevelBonus', level: 'identityGold', kind: 'percent' },
  'pool.purchaseShare': { name: 'transparencyParamPoolShare', ...rate },
  'pool.minForge': { name: 'transparencyParamPoolMinForge', kind: 'amount', asset: 'GOLD' },
  'pool.winners': { name: 'transparencyParamPoolWinners', kind: 'number' },
  'pool.weights': { name: 'transparencyParamPoolWeights', kind: 'percentList' },
  'withdraw.fee.USDT': { name: 'transparencyParamWithdrawFee', of: 'USDT', ...usdt },
  'withdraw.fee.BTC': { name: 'transparencyParamWithdrawFee', of: 'BTC', ...btc },
  'withdraw.min.USDT': { name: 'transparencyParamWithdrawMin', of: 'USDT', ...usdt },
  'withdraw.min.BTC': { name: 'transparencyParamWithdrawMin', of: 'BTC', ...btc },
  'withdraw.newAddressHours': { name: 'transparencyParamNewAddressHours', kind: 'number' },
  'market.roundSymbol': { name: 'transparencyParamRoundSymbol', kind: 'text' },
  'chain.confirmations': { name: 'transparencyParamConfirmations', kind: 'number' },
  'support.email': { name: 'serviceEmail', kind: 'contact' },
  'support.telegram': { name: 'serviceTelegram', kind: 'contact' },
};

type Translate = TFunction;

/** The spec of a published setting; none for a key this build does not know. */
function specOf(key: string): ParameterSpec | undefined {
  return Object.hasOwn(PARAMETERS, key) ? PARAMETERS[key as PublicSettingKey] : undefined;
}

const assetName = (asset: string, t: Translate) => (asset === 'GOLD' ? t('balanceGold') : asset);

/** The parameter's name in the reader's language; an unknown key reads as itself. */
export function parameterName(key: string, t: Translate): string {
  const spec = specOf(key);
  if (!spec) return key;
  return t(spec.name, { level: spec.level ? t(spec.level) : '', asset: spec.of ?? '' });
}

/** The server sends every value as text: a list may come as JSON ("[40,25]") or as "40,25". */
function listOf(value: string): string[] {
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map((item) => String(item));
    } catch {
      // Not JSON after all: read it as a plain list.
    }
  }
  return text
    .split(/[\s,]+/)
    .map((item) => item.replace(/^"|"$/g, ''))
    .filter(Boolean);
}

function scalarOf(value: string): string {
  const text = value.trim();
  if (text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // Shown as sent.
    }
  }
  return text;
}

/** A parameter's value as a member reads it: rates in percent (exactly), amounts with their unit. */
export function parameterValue(key: string, value: string, t: Translate): string {
  const spec = specOf(key);
  const text = scalarOf(value);
  if (!spec) return text;
  switch (spec.kind) {
    case 'rate': {
      const percent = rateToPercent(text);
      return percent === null ? text : `${percent}%`;
    }
    case 'percent':
      return `${text}%`;
    case 'percentList':
      return listOf(value)
        .map((item) => `${item}%`)
        .join(' / ');
    case 'amount':
      return `${text} ${assetName(spec.asset, t)}`;
    case 'days':
      return t('transparencyDaysN', { count: text });
    case 'switch':
      return text === 'true' ? t('transparencyOn') : text === 'false' ? t('transparencyOff') : text;
    case 'assets':
      return listOf(value)
        .map((asset) => assetName(asset, t))
        .join(', ');
    case 'number':
    case 'text':
      return text;
    case 'contact':
      return text === '' ? t('serviceNotSet') : text;
  }
}
