import { z } from 'zod';
import { ASSETS, type Asset, parseAmount } from './amount.ts';
import { compareDecimal } from './decimal.ts';
import { SUPPORT_EMAIL_PATTERN, SUPPORT_TELEGRAM_PATTERN, type SupportChannel } from './support.ts';

/**
 * Every operator-editable setting (docs/economy.md says what each rules), declared once for the
 * server and both apps: its kind, limits, default, when a change takes effect and whether the
 * public parameter log shows it.
 * The server stores, caches and records the changes (apps/api config/settings.ts); the console names
 * every key (`Record<SettingKey, …>`) and the member app every public one (`Record<PublicSettingKey, …>`),
 * so a new setting without its names does not compile.
 */

/** How the console edits a setting: the field it shows and what it accepts. */
export const SETTING_KINDS = [
  'integer',
  'decimal',
  'rate',
  'boolean',
  'text',
  'assets',
  'percentages',
  'email',
  'telegram',
] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

type Spec<T extends z.ZodType> = { kind: SettingKind; schema: T; min: number | null; max: number | null };
const spec = <T extends z.ZodType>(
  kind: SettingKind,
  schema: T,
  min: number | null = null,
  max: number | null = null,
): Spec<T> => ({
  kind,
  schema,
  min,
  max,
});

/**
 * A rate as an exact decimal string ("0.05"), never a float: a share of a whole (burned hash rate,
 * referral rewards, the pool's share, the BTC part of earnings), so from 0 to 1.
 */
const rate = spec(
  'rate',
  z.string().regex(/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/, 'a decimal from 0 to 1 such as 0.05'),
  0,
  1,
);
/** An amount as a decimal string. */
const amount = spec('decimal', z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal such as 12.5'));
const integer = (min: number, max?: number) =>
  spec('integer', max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max), min, max ?? null);
const boolean = spec('boolean', z.boolean());
/** An amount of one asset: a decimal within the asset's places, so it always converts to units. */
const assetAmount = (asset: Asset) =>
  spec(
    'decimal',
    z
      .string()
      .regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal such as 12.5')
      .refine((value) => parseAmount(value, asset).ok, `an amount of ${asset} such as 12.5`),
  );
const text = (pattern: RegExp) => spec('text', z.string().regex(pattern));
const timeZone = spec(
  'text',
  z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone such as Asia/Shanghai'),
);
const assets = spec('assets', z.array(z.enum(ASSETS as [string, ...string[]])).min(1));
const percentages = spec(
  'percentages',
  z
    .array(z.number().int().min(0).max(100))
    .min(1)
    .refine((w) => w.reduce((a, b) => a + b, 0) <= 100, 'weights add up to at most 100'),
  0,
  100,
);
/**
 * A support contact (support.ts), or empty: the member app then leaves that channel out, so a
 * deployment starts with none until an operator sets one.
 */
const contact = (kind: SupportChannel, pattern: RegExp, example: string) =>
  spec(
    kind,
    z.string().refine((value) => value === '' || pattern.test(value), `${example}, or empty to hide it`),
  );
const supportEmail = contact('email', SUPPORT_EMAIL_PATTERN, 'an email address such as support@example.com');
const supportTelegram = contact(
  'telegram',
  SUPPORT_TELEGRAM_PATTERN,
  'a Telegram username such as @minecloud_help or a link such as https://t.me/minecloud_help',
);

/**
 * When a change takes effect and who sees it; every setting says both.
 * - `boundary`: a member-facing term (rate, fee, minimum, threshold, weight) changes at the next
 *   settlement boundary, the start of a day in the settlement time zone, never within a day, so
 *   that a day is settled under the terms that held during it; switches (trading open, assets
 *   allowed) and the operational keys take effect when set.
 * - `private`: an internal control (the two-operator approval thresholds), left out of the public
 *   parameter log.
 */
type Flags = { boundary: boolean; private: boolean };
const TERM = { boundary: true, private: false } as const satisfies Flags;
const AT_ONCE = { boundary: false, private: false } as const satisfies Flags;
const INTERNAL = { boundary: false, private: true } as const satisfies Flags;

/**
 * Who may change a setting (docs/operations.md, "Settings that guard money"): every setting names
 * its class. A plain one changes as one owner says. A guarded one guards money (approval limits,
 * daily caps, withdrawal review, fees, rates of output and rewards, what slows a payout down): a
 * change that tightens it applies at once, one that loosens it waits for a second operator's
 * approval and then for `config.loosenDelayHours`. `guard` says which way loosens: `raise` (a higher
 * limit or cap lets more through), `lower` (a lower threshold or wait does), `any` (a rate or fee,
 * where either way moves money between members and the platform).
 */
export const LOOSENING_DIRECTIONS = ['raise', 'lower', 'any'] as const;
export type Loosening = (typeof LOOSENING_DIRECTIONS)[number];
type Guard = { guard: Loosening | null };
const PLAIN = { guard: null } as const satisfies Guard;
const RAISE_LOOSENS = { guard: 'raise' } as const satisfies Guard;
const LOWER_LOOSENS = { guard: 'lower' } as const satisfies Guard;
const ANY_LOOSENS = { guard: 'any' } as const satisfies Guard;

type Declaration = Spec<z.ZodType> & Flags & Guard & { default: unknown };

export const SETTING_KEYS = {
  'gold.perUsdt': { ...integer(1, 1_000_000), default: 100, ...TERM, ...ANY_LOOSENS },
  'transfer.assets': { ...assets, default: ['GOLD', 'USDT'], ...AT_ONCE, ...PLAIN },
  'donation.assets': { ...assets, default: ['GOLD', 'USDT'], ...AT_ONCE, ...PLAIN },
  'mining.burnRate': { ...rate, default: '0.05', ...TERM, ...ANY_LOOSENS },
  'mining.btcPerThPerDay': { ...amount, default: '0.0000008', ...TERM, ...ANY_LOOSENS },
  /**
   * Off: a day's output is `mining.btcPerThPerDay`. On: what the Bitcoin network paid one TH/s that
   * day, from its blocks, less `mining.poolFee` (docs/economy.md, "Mining output and settlement").
   */
  'mining.networkOutput': { ...boolean, default: false, ...TERM, ...ANY_LOOSENS },
  /** The share of the network's pay the platform keeps as a pool would, in the network mode. */
  'mining.poolFee': { ...rate, default: '0', ...TERM, ...ANY_LOOSENS },
  /**
   * Guarded: the settlement day is when an operator's own credit allowance and the daily caps start
   * again, so moving it can open a second allowance within hours.
   */
  'settlement.timeZone': { ...timeZone, default: 'Asia/Shanghai', ...AT_ONCE, ...ANY_LOOSENS },
  'equity.minQuantity': { ...integer(1), default: 1, ...TERM, ...PLAIN },
  'equity.minReinvestU': { ...amount, default: '10', ...TERM, ...PLAIN },
  'equity.btcShare': { ...rate, default: '0.5', ...TERM, ...ANY_LOOSENS },
  'equity.termDays': { ...integer(1), default: 365, ...TERM, ...ANY_LOOSENS },
  'equity.tradingOpen': { ...boolean, default: false, ...AT_ONCE, ...PLAIN },
  'equity.repurchaseOpen': { ...boolean, default: false, ...AT_ONCE, ...PLAIN },
  /** USDT per BTC for the BTC part of static earnings on a day without a stored BTCUSDT candle. */
  'equity.fallbackBtcPrice': { ...amount, default: '60000', ...TERM, ...ANY_LOOSENS },
  'team.directRate': { ...rate, default: '0.10', ...TERM, ...ANY_LOOSENS },
  'team.indirectRate': { ...rate, default: '0.05', ...TERM, ...ANY_LOOSENS },
  /** Levels (node identities): major and minor area performance in U, and the bonus hash rate. */
  /** Guarded: a lower performance threshold pays a level's bonus hash rate to more members. */
  'team.silverMajor': { ...amount, default: '50000', ...TERM, ...LOWER_LOOSENS },
  'team.silverMinor': { ...amount, default: '20000', ...TERM, ...LOWER_LOOSENS },
  'team.goldMajor': { ...amount, default: '200000', ...TERM, ...LOWER_LOOSENS },
  'team.goldMinor': { ...amount, default: '80000', ...TERM, ...LOWER_LOOSENS },
  'team.regularBonusPct': { ...integer(0, 100), default: 0, ...TERM, ...ANY_LOOSENS },
  'team.silverBonusPct': { ...integer(0, 100), default: 5, ...TERM, ...ANY_LOOSENS },
  'team.goldBonusPct': { ...integer(0, 100), default: 10, ...TERM, ...ANY_LOOSENS },
  'pool.purchaseShare': { ...rate, default: '0.02', ...TERM, ...ANY_LOOSENS },
  'pool.minForge': { ...amount, default: '10', ...TERM, ...PLAIN },
  'pool.winners': { ...integer(1, 100), default: 5, ...TERM, ...ANY_LOOSENS },
  /** Percent of the pool for each winning place, best first; what they leave of 100 rolls over. */
  'pool.weights': { ...percentages, default: [40, 25, 15, 10, 10], ...TERM, ...ANY_LOOSENS },
  'withdraw.fee.USDT': { ...amount, default: '1', ...TERM, ...ANY_LOOSENS },
  'withdraw.fee.BTC': { ...amount, default: '0.0001', ...TERM, ...ANY_LOOSENS },
  'withdraw.min.USDT': { ...amount, default: '10', ...TERM, ...PLAIN },
  'withdraw.min.BTC': { ...amount, default: '0.001', ...TERM, ...PLAIN },
  /** A withdrawal of at least this much needs a second, different operator's approval. */
  /**
   * Hours a newly saved withdrawal address waits before it can be paid (the address book). 0: no
   * wait, and a withdrawal may go to any address; above 0, only to saved addresses past their wait.
   */
  'withdraw.newAddressHours': { ...integer(0, 720), default: 0, ...AT_ONCE, ...LOWER_LOOSENS },
  'withdraw.secondApproval.USDT': { ...amount, default: '10000', ...INTERNAL, ...RAISE_LOOSENS },
  'withdraw.secondApproval.BTC': { ...amount, default: '0.2', ...INTERNAL, ...RAISE_LOOSENS },
  /**
   * The most one operator may credit to members alone per settlement day, per asset: a credit that
   * would take the operator's own unapproved credits of the day above it waits for a second,
   * different operator, so that no one operator can mint money. 0: every credit needs a second operator.
   */
  'ledger.adjustApprovalAbove.USDT': { ...assetAmount('USDT'), default: '1000', ...INTERNAL, ...RAISE_LOOSENS },
  'ledger.adjustApprovalAbove.BTC': { ...assetAmount('BTC'), default: '0.02', ...INTERNAL, ...RAISE_LOOSENS },
  'ledger.adjustApprovalAbove.GOLD': { ...assetAmount('GOLD'), default: '100000', ...INTERNAL, ...RAISE_LOOSENS },
  /** The most all operators' credits together may add per settlement day, per asset (approved ones included). */
  'ledger.adjustDailyCap.USDT': { ...assetAmount('USDT'), default: '50000', ...INTERNAL, ...RAISE_LOOSENS },
  'ledger.adjustDailyCap.BTC': { ...assetAmount('BTC'), default: '1', ...INTERNAL, ...RAISE_LOOSENS },
  'ledger.adjustDailyCap.GOLD': { ...assetAmount('GOLD'), default: '5000000', ...INTERNAL, ...RAISE_LOOSENS },
  /** The symbol whose 1-minute candles decide the up/down rounds. */
  'market.roundSymbol': { ...text(/^[A-Z0-9]{2,20}$/), default: 'BTCUSDT', ...AT_ONCE, ...PLAIN },
  /** Guarded: fewer confirmations credit a deposit that a chain reorganisation may still undo. */
  'chain.confirmations': { ...integer(1), default: 12, ...AT_ONCE, ...LOWER_LOOSENS },
  /**
   * Hours a loosening change of a guarded setting waits after its second operator's approval, so
   * the other owners can see it coming and stop a collusion in time (docs/operations.md). Lowering
   * it loosens, so it is guarded itself.
   */
  'config.loosenDelayHours': { ...integer(0, 720), default: 24, ...INTERNAL, ...LOWER_LOOSENS },
  /**
   * Days a money call's Idempotency-Key is remembered (docs/operations.md, section 5 "Idempotency
   * keys"): a repeat within them replays the first answer; the daily `idempotency` job forgets older
   * keys, and a repeat after that is a new call. Guarded: a shorter window lets a late retry of a
   * money call move the money again.
   */
  'idempotency.replayDays': { ...integer(1, 365), default: 7, ...INTERNAL, ...LOWER_LOOSENS },
  /** The customer service screen's contacts; a change shows there once it takes effect. */
  'support.email': { ...supportEmail, default: '', ...AT_ONCE, ...PLAIN },
  'support.telegram': { ...supportTelegram, default: '', ...AT_ONCE, ...PLAIN },
} as const satisfies Record<string, Declaration>;

type Declarations = typeof SETTING_KEYS;
export type SettingKey = keyof Declarations;
/** The settings the public parameter log shows: every one not marked private. */
export type PublicSettingKey = { [K in SettingKey]: Declarations[K]['private'] extends true ? never : K }[SettingKey];
export type SettingValue<K extends SettingKey> = z.infer<Declarations[K]['schema']>;

const KEYS = Object.keys(SETTING_KEYS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_KEYS, key);
}

/** The member-facing terms: a change takes effect at the next settlement boundary. */
export const BOUNDARY_SETTINGS: ReadonlySet<SettingKey> = new Set(KEYS.filter((key) => SETTING_KEYS[key].boundary));

/** The settings the public parameter log shows, in declaration order. */
export const PUBLIC_SETTING_KEYS = KEYS.filter((key): key is PublicSettingKey => !SETTING_KEYS[key].private);

/** The settings a second operator must approve loosening, with the direction that loosens each. */
export const GUARDED_SETTINGS: ReadonlyMap<SettingKey, Loosening> = new Map(
  KEYS.flatMap((key) => {
    const guard: Loosening | null = SETTING_KEYS[key].guard;
    return guard ? [[key, guard] as const] : [];
  }),
);

/** A proposal to loosen a guarded setting lapses this long after it is made, unless decided. */
export const PROPOSAL_EXPIRY_HOURS = 24;

/** −1, 0 or 1 for two values of one setting: numbers and decimal strings by size, others equal or not (NaN). */
function compareValues(before: unknown, after: unknown): number {
  if (typeof before === 'number' && typeof after === 'number') return Math.sign(after - before);
  if (typeof before === 'string' && typeof after === 'string' && DECIMAL.test(before) && DECIMAL.test(after)) {
    return compareDecimal(after, before);
  }
  return JSON.stringify(before) === JSON.stringify(after) ? 0 : Number.NaN;
}
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

/**
 * Whether changing `key` from `before` to `after` loosens it, so it needs a second operator: never
 * for a plain setting; for a guarded one, a move in its loosening direction, and for `any` every
 * change of value. Keeping the value is no loosening.
 */
export function loosens(key: SettingKey, before: unknown, after: unknown): boolean {
  const guard: Loosening | null = SETTING_KEYS[key].guard;
  if (!guard) return false;
  const order = compareValues(before, after);
  if (order === 0) return false;
  if (guard === 'any' || Number.isNaN(order)) return true;
  return guard === 'raise' ? order > 0 : order < 0;
}
