import type { Locale } from './locales.ts';

/**
 * The one vocabulary of a withdrawal's state, used alike by the member's list and timeline and by
 * the operator's console (which also speaks English and 简体中文). The server computes it from the
 * review status and whether payouts run (a server without a chain reviews but cannot pay).
 */
export const WITHDRAWAL_STATES = [
  'review',
  'secondReview',
  'approved',
  'paused',
  'paying',
  'arrived',
  'rejected',
] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** The review statuses an operator works with (wallet.ts ADMIN_WITHDRAWAL_STATUSES), repeated as a type. */
type ReviewStatus =
  | 'review'
  | 'secondReview'
  | 'approved'
  | 'paying'
  | 'payoutFailed'
  | 'payoutUnclear'
  | 'arrived'
  | 'rejected';

/**
 * The state shown for a review status. An approved withdrawal on a server that cannot pay is
 * `paused`: nothing will move until payouts are configured, and the member is told so. A payout that
 * failed on chain is sent again, and one an operator is looking up may already have arrived: for
 * the member both are still `paying`.
 */
export function withdrawalState(status: ReviewStatus, payoutsRunning: boolean): WithdrawalState {
  if (status === 'approved') return payoutsRunning ? 'approved' : 'paused';
  if (status === 'payoutFailed' || status === 'payoutUnclear') return 'paying';
  return status;
}

/** Waiting (in review, approved, paying), stopped (paused, rejected) or done (arrived). */
export function withdrawalTone(state: WithdrawalState): 'waiting' | 'failed' | 'done' {
  if (state === 'arrived') return 'done';
  if (state === 'rejected' || state === 'paused') return 'failed';
  return 'waiting';
}

/** The spec's names where it has them: 审核中, 审核失败, 已到账. */
export const WITHDRAWAL_STATE_TEXTS: Record<WithdrawalState, Record<Locale, string>> = {
  review: { 'zh-CN': '审核中', en: 'In review', 'zh-TW': '審核中', 'ko-KR': '심사 중', 'ms-MY': 'Dalam semakan' },
  secondReview: {
    'zh-CN': '复核中',
    en: 'In second review',
    'zh-TW': '複核中',
    'ko-KR': '2차 심사 중',
    'ms-MY': 'Dalam semakan kedua',
  },
  approved: {
    'zh-CN': '审核通过，待出款',
    en: 'Approved, awaiting payout',
    'zh-TW': '審核通過，待出款',
    'ko-KR': '심사 승인, 송금 대기',
    'ms-MY': 'Diluluskan, menunggu pembayaran',
  },
  paused: {
    'zh-CN': '审核通过，出款暂停',
    en: 'Approved, payouts paused',
    'zh-TW': '審核通過，出款暫停',
    'ko-KR': '심사 승인, 송금 일시 중지',
    'ms-MY': 'Diluluskan, pembayaran digantung',
  },
  paying: { 'zh-CN': '出款中', en: 'Paying out', 'zh-TW': '出款中', 'ko-KR': '송금 중', 'ms-MY': 'Sedang dibayar' },
  arrived: { 'zh-CN': '已到账', en: 'Arrived', 'zh-TW': '已到賬', 'ko-KR': '입금 완료', 'ms-MY': 'Telah diterima' },
  rejected: {
    'zh-CN': '审核失败',
    en: 'Audit failed',
    'zh-TW': '審核失敗',
    'ko-KR': '심사 실패',
    'ms-MY': 'Semakan gagal',
  },
};

/** What a paused withdrawal means, for the member's list and the operator's approve dialog. */
export const PAYOUTS_PAUSED_TEXT: Record<Locale, string> = {
  'zh-CN': '平台暂未开通链上出款：已审核通过的提现会在出款恢复后支付，资金仍为冻结状态。',
  en: 'On-chain payouts are paused on this platform: approved withdrawals are paid once payouts resume; the funds stay frozen until then.',
  'zh-TW': '平台暫未開通鏈上出款：已審核通過的提現會在出款恢復後支付，資金仍為凍結狀態。',
  'ko-KR':
    '이 플랫폼의 온체인 송금이 일시 중지되었습니다. 승인된 출금은 송금이 재개되면 지급되며, 그때까지 자금은 동결 상태로 유지됩니다.',
  'ms-MY':
    'Pembayaran dalam rantaian digantung di platform ini: pengeluaran yang diluluskan dibayar apabila pembayaran disambung semula; dana kekal dibekukan sehingga itu.',
};

/**
 * An approval's text followed, for a paused payout, by why nothing moves: the notification centre
 * and the push of it say the same (Chinese sentences follow one another without a space).
 */
export function withPausedNote(body: string, state: WithdrawalState, locale: Locale): string {
  if (state !== 'paused') return body;
  return `${body}${/[。！？]$/.test(body) ? '' : ' '}${PAYOUTS_PAUSED_TEXT[locale]}`;
}
