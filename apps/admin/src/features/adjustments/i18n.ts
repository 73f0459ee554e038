import { registerMessages } from '@/i18n';

export const NS = 'adjustments';

registerMessages(NS, {
  en: {
    title: 'Pending adjustments',
    intro:
      'Credits above what one operator may give alone wait here; another operator approves (the balance changes then) or rejects them.',
    statusPending: 'Waiting for approval',
    statusApplied: 'Applied',
    statusRejected: 'Rejected',
    requestedBy: 'Requested by',
    decidedBy: 'Decided by',
    decidedAt: 'Decided',
    decisionReason: 'Rejection reason',
    notDecided: '—',
    yours: 'Your request: another operator must approve it',
    approveTitle: 'Approve adjustment {{id}}?',
    approveHint: 'The member’s available balance changes as soon as you approve.',
    approved: 'Adjustment {{id}} approved: the balance has changed',
    rejectTitle: 'Reject adjustment {{id}}',
    rejectHint: 'Kept in the audit log; nothing moves.',
    rejected: 'Adjustment {{id}} rejected',
  },
  'zh-CN': {
    title: '待审核调账',
    intro: '超出单人可调增额度的调账在此等待：由另一名运营人员批准（批准后余额才变动）或拒绝。',
    statusPending: '待批准',
    statusApplied: '已入账',
    statusRejected: '已拒绝',
    requestedBy: '申请人',
    decidedBy: '处理人',
    decidedAt: '处理时间',
    decisionReason: '拒绝原因',
    notDecided: '—',
    yours: '您提交的申请：需由另一名运营人员批准',
    approveTitle: '批准调账 {{id}}？',
    approveHint: '批准后会员的可用余额立即变动。',
    approved: '调账 {{id}} 已批准，余额已变动',
    rejectTitle: '拒绝调账 {{id}}',
    rejectHint: '原因将记录在审计日志中；不会有资金变动。',
    rejected: '调账 {{id}} 已拒绝',
  },
});
