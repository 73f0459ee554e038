import type { SettingKey } from '@minecloud/contract/settings';
import { registerMessages } from '@/i18n';

/** Names and meanings of the settings (@minecloud/contract/settings), keyed by setting key: every key has one. */
export const SETTINGS_NS = 'configSettings';

type Entry = { en: [label: string, help: string]; zh: [label: string, help: string] };

const SETTINGS: Record<SettingKey, Entry> = {
  'gold.perUsdt': {
    en: [
      'Gold coins per USDT',
      'How many gold coins 1 USDT buys at top-up; also converts the pool share of purchases.',
    ],
    zh: ['每 USDT 兑换金币', '充值时 1 USDT 可兑换的金币数；奖池从购买额中提取的部分也按此换算。'],
  },
  'transfer.assets': {
    en: ['Assets members may transfer', 'Assets a member may send to another member by ID.'],
    zh: ['可转账资产', '会员可按 ID 转给其他会员的资产。'],
  },
  'donation.assets': {
    en: ['Assets members may donate', 'Assets a member may donate to the foundation.'],
    zh: ['可捐赠资产', '会员可捐赠给基金会的资产。'],
  },
  'mining.burnRate': {
    en: ['Burned hash rate share', 'Share of each newly bought miner’s hash rate burned into the black hole.'],
    zh: ['算力销毁比例', '每台新购矿机销毁进黑洞的算力比例。'],
  },
  'mining.btcPerThPerDay': {
    en: [
      'BTC per TH/s per day',
      'Daily BTC output of 1 TH/s of effective hash rate, while output from the network is off.',
    ],
    zh: ['每 TH/s 每日 BTC 产出', '关闭“按网络产出”时，每 1 TH/s 有效算力每天产出的 BTC。'],
  },
  'mining.networkOutput': {
    en: [
      'Output from the network',
      'On: each day pays what the Bitcoin network paid 1 TH/s that day (its blocks’ subsidy and fees over their work), less the pool fee. Off: the fixed rate above.',
    ],
    zh: [
      '按网络产出',
      '开启：每天按比特币网络当天为 1 TH/s 支付的收益（区块补贴与手续费除以区块工作量）扣除矿池费发放。关闭：按上面的固定产出。',
    ],
  },
  'mining.poolFee': {
    en: ['Pool fee', 'Share of the network’s pay kept by the platform when output is from the network.'],
    zh: ['矿池费率', '按网络产出时，平台从网络收益中保留的比例。'],
  },
  'settlement.timeZone': {
    en: ['Settlement time zone', 'IANA time zone whose midnight starts each settlement day, e.g. Asia/Shanghai.'],
    zh: ['结算时区', '以该 IANA 时区的零点作为每个结算日的开始，例如 Asia/Shanghai。'],
  },
  'equity.minQuantity': {
    en: ['Equity minimum quantity', 'Fewest shares a member may buy at once.'],
    zh: ['股权起购数量', '会员单次最少可购买的股数。'],
  },
  'equity.minReinvestU': {
    en: ['Minimum reinvestment (USDT)', 'Least USDT of earnings a member may reinvest into shares.'],
    zh: ['最低复投金额（USDT）', '会员将收益复投为股份的最低 USDT 金额。'],
  },
  'equity.btcShare': {
    en: ['BTC part of equity earnings', 'Share of the daily equity earnings paid in BTC; the rest is paid in USDT.'],
    zh: ['股权收益 BTC 占比', '每日股权收益中以 BTC 发放的比例，其余以 USDT 发放。'],
  },
  'equity.termDays': {
    en: ['Equity term (days)', 'Days after which an equity order ends.'],
    zh: ['股权期限（天）', '股权订单在多少天后结束。'],
  },
  'equity.tradingOpen': {
    en: ['Equity trading open', 'Whether members may trade shares; off shows “still in development”.'],
    zh: ['开放股权交易', '会员是否可以交易股份；关闭时显示“开发中”。'],
  },
  'equity.repurchaseOpen': {
    en: ['Share repurchase open', 'Whether members may sell shares back; off shows “not yet open”.'],
    zh: ['开放股份回购', '会员是否可以回售股份；关闭时显示“暂未开放”。'],
  },
  'equity.fallbackBtcPrice': {
    en: [
      'Fallback BTC price (USDT)',
      'BTC price for the BTC part of earnings on a day without a stored BTCUSDT price.',
    ],
    zh: ['备用 BTC 价格（USDT）', '当天没有 BTCUSDT 行情时，换算收益中 BTC 部分所用的价格。'],
  },
  'team.directRate': {
    en: ['Direct referral reward', 'Share of each purchase paid to the buyer’s inviter.'],
    zh: ['直推奖励比例', '每笔购买中奖励给购买者邀请人的比例。'],
  },
  'team.indirectRate': {
    en: ['Indirect referral reward', 'Share of each purchase paid to the inviter’s inviter.'],
    zh: ['间推奖励比例', '每笔购买中奖励给邀请人的邀请人的比例。'],
  },
  'team.silverMajor': {
    en: ['Silver node: major area (USDT)', 'Performance of the major area needed for Silver Node.'],
    zh: ['银节点：大区业绩（USDT）', '成为银节点所需的大区业绩。'],
  },
  'team.silverMinor': {
    en: ['Silver node: minor area (USDT)', 'Performance of the minor area needed for Silver Node.'],
    zh: ['银节点：小区业绩（USDT）', '成为银节点所需的小区业绩。'],
  },
  'team.goldMajor': {
    en: ['Gold node: major area (USDT)', 'Performance of the major area needed for Gold Node.'],
    zh: ['金节点：大区业绩（USDT）', '成为金节点所需的大区业绩。'],
  },
  'team.goldMinor': {
    en: ['Gold node: minor area (USDT)', 'Performance of the minor area needed for Gold Node.'],
    zh: ['金节点：小区业绩（USDT）', '成为金节点所需的小区业绩。'],
  },
  'team.regularBonusPct': {
    en: ['Regular node bonus (%)', 'Bonus hash rate of a Regular Node, in percent of its own hash rate.'],
    zh: ['普通节点加成（%）', '普通节点的加成算力，占自身算力的百分比。'],
  },
  'team.silverBonusPct': {
    en: ['Silver node bonus (%)', 'Bonus hash rate of a Silver Node, in percent of its own hash rate.'],
    zh: ['银节点加成（%）', '银节点的加成算力，占自身算力的百分比。'],
  },
  'team.goldBonusPct': {
    en: ['Gold node bonus (%)', 'Bonus hash rate of a Gold Node, in percent of its own hash rate.'],
    zh: ['金节点加成（%）', '金节点的加成算力，占自身算力的百分比。'],
  },
  'pool.purchaseShare': {
    en: ['Pool share of purchases', 'Share of every miner purchase that goes into the prize pool.'],
    zh: ['奖池提取比例', '每笔矿机购买额进入奖池的比例。'],
  },
  'pool.minForge': {
    en: ['Minimum forge (gold)', 'Fewest gold coins a member may forge into a pool round.'],
    zh: ['最低熔炼金币', '会员参与奖池轮次最少需熔炼的金币数。'],
  },
  'pool.winners': {
    en: ['Pool winners', 'How many participants share each pool round.'],
    zh: ['奖池获奖人数', '每轮奖池由多少名参与者瓜分。'],
  },
  'pool.weights': {
    en: [
      'Pool prize weights (%)',
      'Percent of the pool for each winning place, best first; what is left of 100 rolls over.',
    ],
    zh: ['奖池分配权重（%）', '各名次分得奖池的百分比，从第一名起；不足 100 的部分滚入下一轮。'],
  },
  'withdraw.fee.USDT': {
    en: ['USDT withdrawal fee', 'Fee taken from each USDT withdrawal.'],
    zh: ['USDT 提现手续费', '每笔 USDT 提现收取的手续费。'],
  },
  'withdraw.fee.BTC': {
    en: ['BTC withdrawal fee', 'Fee taken from each BTC withdrawal.'],
    zh: ['BTC 提现手续费', '每笔 BTC 提现收取的手续费。'],
  },
  'withdraw.min.USDT': {
    en: ['USDT withdrawal minimum', 'Smallest USDT withdrawal a member may ask for.'],
    zh: ['USDT 最低提现', '会员单笔 USDT 提现的最低金额。'],
  },
  'withdraw.min.BTC': {
    en: ['BTC withdrawal minimum', 'Smallest BTC withdrawal a member may ask for.'],
    zh: ['BTC 最低提现', '会员单笔 BTC 提现的最低金额。'],
  },
  'withdraw.newAddressHours': {
    en: [
      'New address wait (hours)',
      'Hours a newly saved withdrawal address waits before it can be paid; the member is mailed when one is saved. 0: no wait, and withdrawals may go to any address; above 0, only to saved addresses past their wait.',
    ],
    zh: [
      '新地址等待时间（小时）',
      '会员新保存的提现地址需等待多少小时后才能提现，保存时会邮件通知会员。0 表示无需等待，可提现到任意地址；大于 0 时只能提现到等待期满的已保存地址。',
    ],
  },
  'withdraw.secondApproval.USDT': {
    en: ['USDT second approval from', 'A USDT withdrawal of at least this much needs a second, different operator.'],
    zh: ['USDT 双人审核起点', '不低于此金额的 USDT 提现需要另一名操作员再次审核。'],
  },
  'withdraw.secondApproval.BTC': {
    en: ['BTC second approval from', 'A BTC withdrawal of at least this much needs a second, different operator.'],
    zh: ['BTC 双人审核起点', '不低于此金额的 BTC 提现需要另一名操作员再次审核。'],
  },
  'ledger.adjustApprovalAbove.USDT': {
    en: [
      'USDT credits one operator may give alone per day',
      'Above this, counting the operator’s own credits of the settlement day, a balance credit waits for a second, different operator. 0: every credit does.',
    ],
    zh: [
      '单人每日可调增 USDT',
      '按结算日累计该操作员单独调增的金额，超出后须由另一名操作员批准。0 表示每笔调增都需批准。',
    ],
  },
  'ledger.adjustApprovalAbove.BTC': {
    en: [
      'BTC credits one operator may give alone per day',
      'Above this, counting the operator’s own credits of the settlement day, a balance credit waits for a second, different operator. 0: every credit does.',
    ],
    zh: [
      '单人每日可调增 BTC',
      '按结算日累计该操作员单独调增的金额，超出后须由另一名操作员批准。0 表示每笔调增都需批准。',
    ],
  },
  'ledger.adjustApprovalAbove.GOLD': {
    en: [
      'Gold coin credits one operator may give alone per day',
      'Above this, counting the operator’s own credits of the settlement day, a balance credit waits for a second, different operator. 0: every credit does.',
    ],
    zh: [
      '单人每日可调增金币',
      '按结算日累计该操作员单独调增的金额，超出后须由另一名操作员批准。0 表示每笔调增都需批准。',
    ],
  },
  'ledger.adjustDailyCap.USDT': {
    en: [
      'Daily cap of USDT credits',
      'All operators’ balance credits of one settlement day together, approved ones included.',
    ],
    zh: ['USDT 每日调增上限', '一个结算日内所有操作员的余额调增合计（含经批准的）。'],
  },
  'ledger.adjustDailyCap.BTC': {
    en: [
      'Daily cap of BTC credits',
      'All operators’ balance credits of one settlement day together, approved ones included.',
    ],
    zh: ['BTC 每日调增上限', '一个结算日内所有操作员的余额调增合计（含经批准的）。'],
  },
  'ledger.adjustDailyCap.GOLD': {
    en: [
      'Daily cap of gold coin credits',
      'All operators’ balance credits of one settlement day together, approved ones included.',
    ],
    zh: ['金币每日调增上限', '一个结算日内所有操作员的余额调增合计（含经批准的）。'],
  },
  'market.roundSymbol': {
    en: ['Up/down round symbol', 'Market symbol whose 1-minute prices decide the up/down rounds, e.g. BTCUSDT.'],
    zh: ['涨跌轮次交易对', '以该交易对的 1 分钟行情判定涨跌轮次，例如 BTCUSDT。'],
  },
  'chain.confirmations': {
    en: ['Deposit confirmations', 'Block confirmations a deposit needs before it is credited.'],
    zh: ['充值确认数', '充值入账前需要的区块确认数。'],
  },
  'config.loosenDelayHours': {
    en: [
      'Delay of a loosening change (hours)',
      'After a second operator approves loosening a guarded setting, the change waits this many hours before it takes effect. Lowering it needs a second operator too.',
    ],
    zh: [
      '放宽修改的等待时长（小时）',
      '放宽受保护配置的修改经第二名运营人员批准后，需再等待这么多小时才生效。调低此值同样需要第二名运营人员批准。',
    ],
  },
  'idempotency.replayDays': {
    en: [
      'Idempotency key replay window (days)',
      'A money call repeated with the same Idempotency-Key within this many days answers its first result; older keys are forgotten daily, and a repeat after that is a new call. Lowering it needs a second operator.',
    ],
    zh: [
      '幂等键重放期（天）',
      '在此天数内以相同 Idempotency-Key 重复的资金请求返回首次结果；更早的键每日清除，之后的重复视为新请求。调低此值需要第二名运营人员批准。',
    ],
  },
  'support.email': {
    en: [
      'Support email',
      'Shown on the member app’s customer service screen, where a tap writes to it. Empty: not shown.',
    ],
    zh: ['客服邮箱', '显示在会员端“客服”页面，点击即可发送邮件。留空则不显示。'],
  },
  'support.telegram': {
    en: [
      'Support Telegram',
      'A username such as @minecloud_help or a t.me link, shown on the member app’s customer service screen, where a tap opens Telegram. Empty: not shown.',
    ],
    zh: [
      '客服 Telegram',
      '用户名（如 @minecloud_help）或 t.me 链接，显示在会员端“客服”页面，点击即可打开 Telegram。留空则不显示。',
    ],
  },
};

/** The groups of the editor, in order; a key belongs to the group named by its first part. */
export const SETTING_GROUPS = [
  'gold',
  'transfer',
  'donation',
  'mining',
  'settlement',
  'equity',
  'team',
  'pool',
  'withdraw',
  'ledger',
  'market',
  'chain',
  'config',
  'support',
] as const;

const GROUP_LABELS: Record<string, { en: string; zh: string }> = {
  gold: { en: 'Gold coins', zh: '金币' },
  transfer: { en: 'Transfers', zh: '转账' },
  donation: { en: 'Donations', zh: '捐赠' },
  mining: { en: 'Mining', zh: '挖矿' },
  settlement: { en: 'Settlement', zh: '结算' },
  equity: { en: 'Equity', zh: '股权' },
  team: { en: 'Team and levels', zh: '团队与等级' },
  pool: { en: 'Prize pool', zh: '奖池' },
  withdraw: { en: 'Withdrawals', zh: '提现' },
  ledger: { en: 'Balance adjustments', zh: '余额调整' },
  market: { en: 'Market', zh: '行情' },
  chain: { en: 'Chain', zh: '链上' },
  config: { en: 'Approval of changes', zh: '修改审批' },
  support: { en: 'Customer support', zh: '客服' },
  other: { en: 'Other', zh: '其他' },
};

const en: Record<string, string> = {};
const zh: Record<string, string> = {};
for (const [key, entry] of Object.entries(SETTINGS)) {
  [en[`label.${key}`], en[`help.${key}`]] = entry.en;
  [zh[`label.${key}`], zh[`help.${key}`]] = entry.zh;
}
for (const [group, label] of Object.entries(GROUP_LABELS)) {
  en[`group.${group}`] = label.en;
  zh[`group.${group}`] = label.zh;
}
registerMessages(SETTINGS_NS, { en, 'zh-CN': zh });

/** Whether the console has a name for `key` (the server may know settings this build does not). */
export function hasLabel(key: string): boolean {
  return Object.hasOwn(SETTINGS, key);
}

export function groupOf(key: string): string {
  const prefix = key.split('.')[0] ?? '';
  return (SETTING_GROUPS as readonly string[]).includes(prefix) ? prefix : 'other';
}
