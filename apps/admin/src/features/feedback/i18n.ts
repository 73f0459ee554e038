import { registerMessages } from '@/i18n';

export const NS = 'feedback';

registerMessages(NS, {
  en: {
    title: 'Feedback inbox',
    intro: 'What members wrote from the app; they see the reply under their message.',
    unansweredOnly: 'Unanswered only',
    content: 'Message',
    images: 'Pictures',
    reply: 'Reply',
    replyAction: 'Reply',
    editReply: 'Edit reply',
    unanswered: 'Unanswered',
    repliedAt: 'Replied {{time}}',
    replyTitle: 'Reply to member {{id}}',
    replyPlaceholder: 'Your answer, as the member will read it',
    replyRequired: 'Write a reply',
    replyTooLong: 'At most 2000 characters',
    replied: 'Reply sent',
    send: 'Send',
  },
  'zh-CN': {
    title: '意见反馈',
    intro: '会员在应用中提交的反馈；会员会在自己的留言下看到回复。',
    unansweredOnly: '仅看未回复',
    content: '内容',
    images: '图片',
    reply: '回复',
    replyAction: '回复',
    editReply: '修改回复',
    unanswered: '未回复',
    repliedAt: '{{time}} 回复',
    replyTitle: '回复会员 {{id}}',
    replyPlaceholder: '你的回复，会员将看到这段文字',
    replyRequired: '请填写回复',
    replyTooLong: '最多 2000 个字符',
    replied: '回复已发送',
    send: '发送',
  },
});
