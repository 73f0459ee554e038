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

type AddressTexts = {
  subject: string;
  saved(label: string, address: string): string;
  usable(at: string): string;
  now: string;
  notYou: string;
};

/**
 * The announcement of a saved withdrawal address (the address book): what was saved, from when it
 * can be paid, and what to do if it was not the member.
 */
const ADDRESS_ADDED: Record<Locale, AddressTexts> = {
  en: {
    subject: 'A withdrawal address was saved to your MineCloud account',
    saved: (label, address) =>
      `The withdrawal address ${address}${label ? ` (${label})` : ''} was saved to your account.`,
    usable: (at) => `It can receive withdrawals from ${at}.`,
    now: 'It can receive withdrawals now.',
    notYou:
      'If this was not you, remove it from the address book at once, and contact support: someone may be using your account.',
  },
  'zh-CN': {
    subject: '您的 MineCloud 账户添加了提现地址',
    saved: (label, address) => `您的账户已添加提现地址 ${address}${label ? `（${label}）` : ''}。`,
    usable: (at) => `该地址自 ${at} 起可用于提现。`,
    now: '该地址现在即可用于提现。',
    notYou: '如果这不是您本人的操作，请立即在地址簿中删除该地址并联系客服：您的账户可能正被他人使用。',
  },
  'zh-TW': {
    subject: '您的 MineCloud 帳戶新增了提領地址',
    saved: (label, address) => `您的帳戶已新增提領地址 ${address}${label ? `（${label}）` : ''}。`,
    usable: (at) => `該地址自 ${at} 起可用於提領。`,
    now: '該地址現在即可用於提領。',
    notYou: '如果這不是您本人的操作，請立即在地址簿中刪除該地址並聯絡客服：您的帳戶可能正被他人使用。',
  },
  'ko-KR': {
    subject: 'MineCloud 계정에 출금 주소가 저장되었습니다',
    saved: (label, address) => `출금 주소 ${address}${label ? ` (${label})` : ''} 이(가) 계정에 저장되었습니다.`,
    usable: (at) => `${at}부터 이 주소로 출금할 수 있습니다.`,
    now: '지금 이 주소로 출금할 수 있습니다.',
    notYou:
      '본인이 한 일이 아니라면 즉시 주소록에서 삭제하고 고객센터에 문의하세요. 다른 사람이 계정을 사용하고 있을 수 있습니다.',
  },
  'ms-MY': {
    subject: 'Alamat pengeluaran telah disimpan pada akaun MineCloud anda',
    saved: (label, address) =>
      `Alamat pengeluaran ${address}${label ? ` (${label})` : ''} telah disimpan pada akaun anda.`,
    usable: (at) => `Ia boleh menerima pengeluaran mulai ${at}.`,
    now: 'Ia boleh menerima pengeluaran sekarang.',
    notYou:
      'Jika ini bukan anda, buang alamat itu daripada buku alamat dengan segera dan hubungi sokongan: seseorang mungkin menggunakan akaun anda.',
  },
};

/**
 * Mails to operators are in the console's languages only (English and Simplified Chinese: the
 * language the operator confirmed the address in); any other falls back to English.
 */
type ConsoleLocale = 'en' | 'zh-CN';
const consoleLocale = (locale: string): ConsoleLocale => (locale === 'zh-CN' ? 'zh-CN' : 'en');

/** The code that confirms an operator's address for security notices. */
const OPERATOR_CODE: Record<ConsoleLocale, Omit<CodeTexts, 'why'> & { why: string }> = {
  en: {
    subject: 'Your MineCloud console verification code',
    body: EMAIL_CODE.en.body,
    why: "You asked to receive the MineCloud console's security notices at this address.",
    ignore: 'If you did not ask for it, ignore this mail; nobody from MineCloud will ever ask you for it.',
  },
  'zh-CN': {
    subject: '您的 MineCloud 后台验证码',
    body: EMAIL_CODE['zh-CN'].body,
    why: '您正在设置接收 MineCloud 后台安全通知的邮箱。',
    ignore: EMAIL_CODE['zh-CN'].ignore,
  },
};

type ChangeTexts = { by: string; key: string; before: string; value: string; proposer: string };
type NoticeTexts = {
  subject: { proposed(key: string): string; approved(key: string): string };
  proposed(c: ChangeTexts): string;
  approved(c: ChangeTexts): string;
  ifApproved(at: string, lapses: string): string;
  effect(at: string): string;
  notYou: string;
};

/**
 * The notice to every owner of a loosening change of a guarded setting (docs/operations.md,
 * "Settings that guard money"): which setting, old and new value, who, and when it takes effect.
 */
const SETTING_NOTICE: Record<ConsoleLocale, NoticeTexts> = {
  en: {
    subject: {
      proposed: (key) => `MineCloud: a loosening of ${key} was proposed`,
      approved: (key) => `MineCloud: a loosening of ${key} was approved`,
    },
    proposed: (c) =>
      `${c.by} proposed to change the guarded setting ${c.key} from ${c.before} to ${c.value}. Nothing changes until another owner or finance operator approves it.`,
    approved: (c) =>
      `${c.by} approved the change of the guarded setting ${c.key} from ${c.before} to ${c.value}, proposed by ${c.proposer}.`,
    ifApproved: (at, lapses) => `If approved now, it would take effect at ${at}. Unapproved, it lapses at ${lapses}.`,
    effect: (at) => `It takes effect at ${at}.`,
    notYou:
      'If you did not expect this change, sign in to the console and check its pending changes and the audit log: someone may be using an operator account.',
  },
  'zh-CN': {
    subject: {
      proposed: (key) => `MineCloud：有人提议放宽 ${key}`,
      approved: (key) => `MineCloud：放宽 ${key} 已获批准`,
    },
    proposed: (c) =>
      `${c.by} 提议将受保护的设置 ${c.key} 从 ${c.before} 改为 ${c.value}。在另一位所有者或财务操作员批准之前，不会有任何改变。`,
    approved: (c) => `${c.by} 批准了 ${c.proposer} 提议的变更：受保护的设置 ${c.key} 从 ${c.before} 改为 ${c.value}。`,
    ifApproved: (at, lapses) => `如果现在批准，将于 ${at} 生效；若无人批准，将于 ${lapses} 失效。`,
    effect: (at) => `将于 ${at} 生效。`,
    notYou: '如果您不知道这项变更，请登录后台查看待批准的变更和审计日志：可能有人正在使用某个操作员账号。',
  },
};

/** An instant as the mails write it: unambiguous in every language, "2026-11-28 09:30 UTC". */
export function mailTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

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
    case 'address_added': {
      const texts = ADDRESS_ADDED[isLocale(locale) ? locale : FALLBACK_LOCALE];
      const wait = Number(params.hours) > 0;
      const lines = [
        texts.saved(String(params.label ?? ''), String(params.address)),
        wait ? texts.usable(mailTime(String(params.usableAt))) : texts.now,
      ];
      return { subject: texts.subject, text: `${lines.join('\n')}\n\n${texts.notYou}\n` };
    }
    case 'operator_email_code': {
      const texts = OPERATOR_CODE[consoleLocale(locale)];
      return {
        subject: texts.subject,
        text: `${texts.body(secret, Number(params.minutes))}\n${texts.why}\n\n${texts.ignore}\n`,
      };
    }
    case 'setting_notice': {
      const texts = SETTING_NOTICE[consoleLocale(locale)];
      const change = {
        by: String(params.by),
        key: String(params.key),
        before: String(params.before),
        value: String(params.value),
        proposer: String(params.proposer),
      };
      const effectiveAt = mailTime(String(params.effectiveAt));
      const approved = params.kind === 'approved';
      const lines = approved
        ? [texts.approved(change), texts.effect(effectiveAt)]
        : [texts.proposed(change), texts.ifApproved(effectiveAt, mailTime(String(params.expiresAt)))];
      const subject = approved ? texts.subject.approved(change.key) : texts.subject.proposed(change.key);
      return { subject, text: `${lines.join('\n')}\n\n${texts.notYou}\n` };
    }
  }
}
