import type { ErrorName } from './error-codes.ts';
import type { Locale } from './locales.ts';

/**
 * The messages of the codes the member app also shows for a check it makes before asking ("Select
 * at least one image" reads the same from either side). Kept apart from errors.ts, which spreads
 * them into every code's messages: a page of the app then loads these few, in every language, not
 * the texts of every code the server has (docs/architecture.md, page weight).
 */
export const CLIENT_ERROR_MESSAGES = {
  imageInvalid: {
    'zh-CN': '仅支持 PNG、JPEG、WebP 图片',
    en: 'Only PNG, JPEG or WebP images',
    'zh-TW': '僅支援 PNG、JPEG、WebP 圖片',
    'ko-KR': 'PNG, JPEG, WebP 이미지만 가능합니다',
    'ms-MY': 'Hanya imej PNG, JPEG atau WebP',
  },
  enterEmail: {
    'zh-CN': '请输入邮箱',
    en: 'Enter Email',
    'zh-TW': '請輸入郵箱',
    'ko-KR': '이메일을 입력하세요',
    'ms-MY': 'Masukkan E-mel',
  },
  bindEmailFirst: {
    'zh-CN': '请先绑定邮箱',
    en: 'Bind Email First',
    'zh-TW': '請先綁定郵箱',
    'ko-KR': '먼저 이메일을 연결하세요',
    'ms-MY': 'Ikat E-mel Dahulu',
  },
  invalidAddress: {
    'zh-CN': '地址无效',
    en: 'Invalid Address',
    'zh-TW': '地址無效',
    'ko-KR': '잘못된 주소',
    'ms-MY': 'Alamat Tidak Sah',
  },
  depositsUnavailable: {
    'zh-CN': '链上充值暂未开放',
    en: 'On-chain deposits are not open',
    'zh-TW': '鏈上充值暫未開放',
    'ko-KR': '온체인 입금이 열려 있지 않습니다',
    'ms-MY': 'Deposit rantaian belum dibuka',
  },
  txHashInvalid: {
    'zh-CN': '交易哈希无效',
    en: 'Invalid transaction hash',
    'zh-TW': '交易哈希無效',
    'ko-KR': '잘못된 트랜잭션 해시',
    'ms-MY': 'Hash transaksi tidak sah',
  },
  enterEmailCode: {
    'zh-CN': '请输入邮箱验证码',
    en: 'Enter the email code',
    'zh-TW': '請輸入郵箱驗證碼',
    'ko-KR': '이메일 인증 코드를 입력하세요',
    'ms-MY': 'Masukkan kod e-mel',
  },
  addressLabelRequired: {
    'zh-CN': '请输入地址备注',
    en: 'Enter a label for the address',
    'zh-TW': '請輸入地址備註',
    'ko-KR': '주소의 이름을 입력하세요',
    'ms-MY': 'Masukkan label untuk alamat itu',
  },
  withdrawBelowMinimum: {
    'zh-CN': '最低提现 {min} {asset}',
    en: 'The minimum withdrawal is {min} {asset}',
    'zh-TW': '最低提現 {min} {asset}',
    'ko-KR': '최소 출금액은 {min} {asset}입니다',
    'ms-MY': 'Pengeluaran minimum ialah {min} {asset}',
  },
  enterFeedback: {
    'zh-CN': '请详细描述您的问题',
    en: 'Provide detailed feedback',
    'zh-TW': '請詳細描述您的問題',
    'ko-KR': '자세한 피드백을 입력하세요',
    'ms-MY': 'Berikan maklum balas terperinci',
  },
  selectImage: {
    'zh-CN': '请至少选择一张图片',
    en: 'Select at least one image',
    'zh-TW': '請至少選擇一張圖片',
    'ko-KR': '이미지를 하나 이상 선택하세요',
    'ms-MY': 'Pilih sekurang-kurangnya satu imej',
  },
  platformAddress: {
    'zh-CN': '这是平台自己的充值地址或代币合约，不能提现到这里',
    en: "This is the platform's own deposit address or token contract: it cannot receive a withdrawal",
    'zh-TW': '這是平台自己的充值地址或代幣合約，不能提現到這裡',
    'ko-KR': '플랫폼의 입금 주소 또는 토큰 컨트랙트입니다. 이 주소로는 출금할 수 없습니다',
    'ms-MY': 'Ini alamat deposit atau kontrak token platform sendiri: ia tidak boleh menerima pengeluaran',
  },
} satisfies Partial<Record<ErrorName, Record<Locale, string>>>;

export type ClientErrorName = keyof typeof CLIENT_ERROR_MESSAGES;

/** A `{name}` placeholder filled from `params`; one left unnamed stays as written. */
export function fillParams(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** The message of a client-side code in a locale, with its placeholders filled. */
export function clientErrorMessage(
  name: ClientErrorName,
  locale: Locale,
  params?: Record<string, string | number>,
): string {
  return fillParams(CLIENT_ERROR_MESSAGES[name][locale], params);
}
