import { registerMessages } from '@/i18n';

export const NS = 'audit';

registerMessages(NS, {
  en: {
    title: 'Audit log',
    readOnly: 'Every operator action, as it happened. Nobody can edit it.',
    actor: 'Operator',
    actorPlaceholder: 'Operator (e.g. alice)',
    action: 'Action',
    actionPlaceholder: 'Action or its start (e.g. notice.)',
    dates: 'Dates',
    from: 'From (UTC)',
    to: 'To (UTC)',
    time: 'Time',
    target: 'Target',
    requestId: 'Request ID',
    before: 'Before',
    after: 'After',
    nothing: '—',
    apply: 'Apply',
  },
  'zh-CN': {
    title: '审计日志',
    readOnly: '记录每一次运营操作，任何人都无法修改。',
    actor: '操作人',
    actorPlaceholder: '操作人（如 alice）',
    action: '操作',
    actionPlaceholder: '操作或其前缀（如 notice.）',
    dates: '日期',
    from: '开始日期（UTC）',
    to: '结束日期（UTC）',
    time: '时间',
    target: '对象',
    requestId: '请求 ID',
    before: '修改前',
    after: '修改后',
    nothing: '—',
    apply: '筛选',
  },
});
