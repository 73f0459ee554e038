import type { MAIL_TEMPLATES } from '@minecloud/contract/content';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@minecloud/contract/locales';

export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** The parameters an outbox row may keep: never a secret (the code travels sealed, apart). */
export type MailParams = Record<string, string | number>;

export type RenderedMail = { subject: string; text: string };

type CodeTexts = {
  subject: string;
  body(code: string, minutes: number): string;
  why: { bind: string; confirm: string };
  ignore: string;
};

/**
 * The verification-code mail in each language. The subject names no code: subjects show in
 * notifications and mail logs. "verification code is <code>" stays literal in English (tests and
 * support staff look for it).
 */
const EMAIL_CODE: Record<Locale, CodeTexts> = {
  en: {
    subject: 'Your MineCloud verification code',
    body: (code, minutes) => `Your MineCloud verification code is ${code}. It is valid for ${minutes} minutes.`,
    why: {
      bind: 'You asked to bind this email address to your MineCloud account.',
      confirm: 'You asked to confirm a withdrawal or a withdrawal address on your MineCloud account.',
    },
    ignore: 'If you did not ask for it, ignore this mail; nobody from MineCloud will ever ask you for it.',
  },
  'zh-CN': {
    subject: '您的 MineCloud 验证码',
    body: (code, minutes) => `您的 MineCloud 验证码为 ${code}，${minutes} 分钟内有效。`,
    why: {
      bind: '您正在将此邮箱绑定到您的 MineCloud 账户。',
      confirm: '您正在确认 MineCloud 账户的提现或提现地址。',
    },
    ignore: '如果这不是您本人的操作，请忽略此邮件；MineCloud 的工作人员绝不会向您索要验证码。',
  },
  'zh-TW': {
    subject: '您的 MineCloud 驗證碼',
    body: (code, minutes) => `您的 MineCloud 驗證碼為 ${code}，${minutes} 分鐘內有效。`,
    why: {
      bind: '您正在將此電子郵件綁定到您的 MineCloud 帳戶。',
      confirm: '您正在確認 MineCloud 帳戶的提領或提領地址。',
    },
    ignore: '如果這不是您本人的操作，請忽略此郵件；MineCloud 的工作人員絕不會向您索取驗證碼。',
  },
  'ko-KR': {
    subject: 'MineCloud 인증 코드',
    body: (code, minutes) => `MineCloud 인증 코드는 ${code} 입니다. ${minutes}분 동안 유효합니다.`,
    why: {
      bind: '이 이메일 주소를 MineCloud 계정에 연결하도록 요청하셨습니다.',
      confirm: 'MineCloud 계정의 출금 또는 출금 주소 확인을 요청하셨습니다.',
    },
    ignore: '본인이 요청하지 않았다면 이 메일을 무시하세요. MineCloud 직원은 절대로 이 코드를 묻지 않습니다.',
  },
  'ms-MY': {
    subject: 'Kod pengesahan MineCloud anda',
    body: (code, minutes) => `Kod pengesahan MineCloud anda ialah ${code}. Ia sah selama ${minutes} minit.`,
    why: {
      bind: 'Anda meminta untuk mengikat alamat e-mel ini kepada akaun MineCloud anda.',
      confirm: 'Anda meminta untuk mengesahkan pengeluaran atau alamat pengeluaran pada akaun MineCloud anda.',
    },
    ignore: 'Jika anda tidak memintanya, abaikan e-mel ini; tiada sesiapa dari MineCloud akan meminta kod ini.',
  },
};

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The mail to send, in `locale` (English when the stored language is unknown). */
export function renderMail(template: MailTemplate, locale: string, params: MailParams, secret: string): RenderedMail {
  switch (template) {
    case 'email_code': {
      const texts = EMAIL_CODE[isLocale(locale) ? locale : FALLBACK_LOCALE];
      const purpose = params.purpose === 'bind' ? 'bind' : 'confirm';
      return {
        subject: texts.subject,
        text: `${texts.body(secret, Number(params.minutes))}\n${texts.why[purpose]}\n\n${texts.ignore}\n`,
      };
    }
  }
}
