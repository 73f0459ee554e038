import { registerMessages } from '../../i18n/index.ts';

export const NS = 'mail';

registerMessages(NS, {
  en: {
    title: 'Mail outbox',
    intro: 'Every email the platform sent or tried to send (verification codes and notices), newest first.',
    to: 'To',
    subject: 'Subject',
    sentAt: 'Sent',
    sent: 'Sent {{time}}',
    failed: 'Failed',
    waiting: 'Waiting',
    error: 'Error',
  },
  'zh-CN': {
    title: '邮件发件箱',
    intro: '平台发送或尝试发送的每封邮件（验证码与通知），最新的在前。',
    to: '收件人',
    subject: '主题',
    sentAt: '发送',
    sent: '{{time}} 已发送',
    failed: '发送失败',
    waiting: '等待发送',
    error: '错误',
  },
});
