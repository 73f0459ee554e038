import type { Locale } from './locales.ts';

/**
 * The closed set of answer codes (API.md). Each maps to one HTTP status and one localized
 * message; business rules use 1001+ and answer HTTP 200.
 */
export const ERROR_CODES = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
  invalidInviteCode: 1001,
  nonceInvalid: 1002,
  signatureInvalid: 1003,
  messageExpired: 1004,
  domainMismatch: 1005,
  chainMismatch: 1006,
  messageInvalid: 1007,
  insufficientBalance: 1010,
  invalidAmount: 1011,
  receiverNotFound: 1012,
  giftToSelf: 1013,
  assetNotAllowed: 1014,
  nothingToClaim: 1015,
  selectMiner: 1020,
  enterQuantity: 1021,
  belowMinQuantity: 1022,
  soldOut: 1023,
  productNotFound: 1024,
  notEnoughStock: 1025,
  roundClosed: 1030,
  notEnoughShares: 1031,
  enterUsdtAmount: 1032,
  belowMinReinvest: 1033,
  enterForgeAmount: 1040,
  belowMinForge: 1041,
} as const;

export type ErrorName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorName];

/**
 * API.md's table, refined: input that can never succeed (a bad sign-in message, an unknown code,
 * an invalid amount, an unknown receiver) is a 4xx with its specific code; an outcome of the
 * business rules on valid input (balance too low, nothing to claim) answers 200 with its code.
 */
export const HTTP_STATUS: Record<ErrorName, number> = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
  invalidInviteCode: 400,
  nonceInvalid: 400,
  signatureInvalid: 400,
  messageExpired: 400,
  domainMismatch: 400,
  chainMismatch: 400,
  messageInvalid: 400,
  insufficientBalance: 200,
  invalidAmount: 400,
  receiverNotFound: 404,
  giftToSelf: 400,
  assetNotAllowed: 400,
  nothingToClaim: 200,
  selectMiner: 400,
  enterQuantity: 400,
  belowMinQuantity: 400,
  soldOut: 200,
  productNotFound: 404,
  notEnoughStock: 200,
  roundClosed: 200,
  notEnoughShares: 200,
  enterUsdtAmount: 400,
  belowMinReinvest: 400,
  enterForgeAmount: 400,
  belowMinForge: 400,
};

type Texts = Record<Locale, string>;

export const ERROR_MESSAGES: Record<ErrorName, Texts> = {
  badRequest: {
    'zh-CN': '请求参数有误',
    en: 'The request is invalid',
    'zh-TW': '請求參數有誤',
    'ko-KR': '요청이 올바르지 않습니다',
    'ms-MY': 'Permintaan tidak sah',
  },
  unauthorized: {
    'zh-CN': '请先登录',
    en: 'Please sign in',
    'zh-TW': '請先登入',
    'ko-KR': '먼저 로그인하세요',
    'ms-MY': 'Sila log masuk',
  },
  forbidden: {
    'zh-CN': '没有权限',
    en: 'You are not allowed to do this',
    'zh-TW': '沒有權限',
    'ko-KR': '권한이 없습니다',
    'ms-MY': 'Anda tidak dibenarkan berbuat demikian',
  },
  notFound: {
    'zh-CN': '内容不存在',
    en: 'Not found',
    'zh-TW': '內容不存在',
    'ko-KR': '찾을 수 없습니다',
    'ms-MY': 'Tidak dijumpai',
  },
  conflict: {
    'zh-CN': '该请求编号已用于另一笔不同的操作',
    en: 'This request key was already used for a different request',
    'zh-TW': '該請求編號已用於另一筆不同的操作',
    'ko-KR': '이 요청 키는 이미 다른 요청에 사용되었습니다',
    'ms-MY': 'Kunci permintaan ini telah digunakan untuk permintaan lain',
  },
  payloadTooLarge: {
    'zh-CN': '请求内容过大',
    en: 'The request is too large',
    'zh-TW': '請求內容過大',
    'ko-KR': '요청이 너무 큽니다',
    'ms-MY': 'Permintaan terlalu besar',
  },
  rateLimited: {
    'zh-CN': '操作过于频繁，请稍后再试',
    en: 'Too many requests, please try again later',
    'zh-TW': '操作過於頻繁，請稍後再試',
    'ko-KR': '요청이 너무 많습니다. 잠시 후 다시 시도하세요',
    'ms-MY': 'Terlalu banyak permintaan, sila cuba sebentar lagi',
  },
  internal: {
    'zh-CN': '服务器繁忙，请稍后再试',
    en: 'Something went wrong on our side, please try again later',
    'zh-TW': '伺服器繁忙，請稍後再試',
    'ko-KR': '서버 오류가 발생했습니다. 잠시 후 다시 시도하세요',
    'ms-MY': 'Ralat pelayan, sila cuba sebentar lagi',
  },
  unavailable: {
    'zh-CN': '服务暂不可用',
    en: 'The service is temporarily unavailable',
    'zh-TW': '服務暫不可用',
    'ko-KR': '서비스를 일시적으로 사용할 수 없습니다',
    'ms-MY': 'Perkhidmatan tidak tersedia buat sementara',
  },
  invalidInviteCode: {
    'zh-CN': '无效的分区邀请码',
    en: 'Invalid partition invitation code',
    'zh-TW': '無效的分區邀請碼',
    'ko-KR': '유효하지 않은 부서 초대 코드입니다',
    'ms-MY': 'Kod jemputan bahagian tidak sah',
  },
  nonceInvalid: {
    'zh-CN': '登录请求已失效，请重新签名',
    en: 'This sign-in request has expired or was already used, please sign again',
    'zh-TW': '登入請求已失效，請重新簽名',
    'ko-KR': '로그인 요청이 만료되었거나 이미 사용되었습니다. 다시 서명하세요',
    'ms-MY': 'Permintaan log masuk ini telah tamat atau telah digunakan, sila tandatangan semula',
  },
  signatureInvalid: {
    'zh-CN': '签名与钱包地址不符',
    en: 'The signature does not match the wallet address',
    'zh-TW': '簽名與錢包地址不符',
    'ko-KR': '서명이 지갑 주소와 일치하지 않습니다',
    'ms-MY': 'Tandatangan tidak sepadan dengan alamat dompet',
  },
  messageExpired: {
    'zh-CN': '签名消息已过期，请重新签名',
    en: 'The signed message has expired, please sign again',
    'zh-TW': '簽名訊息已過期，請重新簽名',
    'ko-KR': '서명 메시지가 만료되었습니다. 다시 서명하세요',
    'ms-MY': 'Mesej yang ditandatangani telah tamat tempoh, sila tandatangan semula',
  },
  domainMismatch: {
    'zh-CN': '签名消息的域名与本站不符',
    en: 'The signed message names another website',
    'zh-TW': '簽名訊息的網域與本站不符',
    'ko-KR': '서명 메시지의 도메인이 이 사이트와 다릅니다',
    'ms-MY': 'Mesej yang ditandatangani menamakan laman web lain',
  },
  chainMismatch: {
    'zh-CN': '请切换到正确的网络后再签名',
    en: 'Please switch to the right network and sign again',
    'zh-TW': '請切換到正確的網路後再簽名',
    'ko-KR': '올바른 네트워크로 전환한 후 다시 서명하세요',
    'ms-MY': 'Sila tukar ke rangkaian yang betul dan tandatangan semula',
  },
  messageInvalid: {
    'zh-CN': '签名消息格式不正确',
    en: 'The signed message is not a valid sign-in message',
    'zh-TW': '簽名訊息格式不正確',
    'ko-KR': '서명 메시지 형식이 올바르지 않습니다',
    'ms-MY': 'Mesej yang ditandatangani bukan mesej log masuk yang sah',
  },
  insufficientBalance: {
    'zh-CN': '余额不足',
    en: 'Insufficient balance',
    'zh-TW': '餘額不足',
    'ko-KR': '잔액이 부족합니다',
    'ms-MY': 'Baki tidak mencukupi',
  },
  invalidAmount: {
    'zh-CN': '无效金额',
    en: 'Invalid Amount',
    'zh-TW': '無效金額',
    'ko-KR': '유효하지 않은 금액',
    'ms-MY': 'Jumlah tidak sah',
  },
  receiverNotFound: {
    'zh-CN': '接收人不存在，请检查ID',
    en: 'No member has this ID',
    'zh-TW': '接收人不存在，請檢查ID',
    'ko-KR': '이 ID의 회원이 없습니다',
    'ms-MY': 'Tiada ahli dengan ID ini',
  },
  giftToSelf: {
    'zh-CN': '不能赠送给自己',
    en: 'You cannot gift to yourself',
    'zh-TW': '不能贈送給自己',
    'ko-KR': '자신에게는 선물할 수 없습니다',
    'ms-MY': 'Anda tidak boleh menghadiahkan kepada diri sendiri',
  },
  assetNotAllowed: {
    'zh-CN': '该资产不支持此操作',
    en: 'This asset cannot be used here',
    'zh-TW': '該資產不支援此操作',
    'ko-KR': '이 자산은 여기에서 사용할 수 없습니다',
    'ms-MY': 'Aset ini tidak boleh digunakan di sini',
  },
  nothingToClaim: {
    'zh-CN': '暂无可领取的收益',
    en: 'There are no earnings to claim',
    'zh-TW': '暫無可領取的收益',
    'ko-KR': '수령할 수익이 없습니다',
    'ms-MY': 'Tiada pendapatan untuk dituntut',
  },
  selectMiner: {
    'zh-CN': '请先选择矿机',
    en: 'Select a miner first',
    'zh-TW': '請先選擇礦機',
    'ko-KR': '먼저 채굴기를 선택하세요',
    'ms-MY': 'Pilih pelombong terlebih dahulu',
  },
  enterQuantity: {
    'zh-CN': '请输入数量',
    en: 'Enter Quantity',
    'zh-TW': '請輸入數量',
    'ko-KR': '수량을 입력하세요',
    'ms-MY': 'Masukkan kuantiti',
  },
  belowMinQuantity: {
    'zh-CN': '购买数量不能少于 {min} 台',
    en: 'Buy at least {min}',
    'zh-TW': '購買數量不能少於 {min} 台',
    'ko-KR': '최소 {min}대 이상 구매하세요',
    'ms-MY': 'Beli sekurang-kurangnya {min}',
  },
  soldOut: {
    'zh-CN': '库存不足，已售罄',
    en: 'Sold out: not enough stock left',
    'zh-TW': '庫存不足，已售罄',
    'ko-KR': '재고가 부족합니다 (품절)',
    'ms-MY': 'Habis dijual: stok tidak mencukupi',
  },
  productNotFound: {
    'zh-CN': '该矿机不存在或已下架',
    en: 'This miner does not exist or is no longer sold',
    'zh-TW': '該礦機不存在或已下架',
    'ko-KR': '존재하지 않거나 판매가 중단된 채굴기입니다',
    'ms-MY': 'Pelombong ini tiada atau tidak lagi dijual',
  },
  notEnoughStock: {
    'zh-CN': '库存不足，仅剩 {left} 台',
    en: 'Not enough stock: only {left} left',
    'zh-TW': '庫存不足，僅剩 {left} 台',
    'ko-KR': '재고가 부족합니다. {left}대만 남았습니다',
    'ms-MY': 'Stok tidak mencukupi: tinggal {left} sahaja',
  },
  roundClosed: {
    'zh-CN': '当前没有开放的股权认购',
    en: 'No equity round is open now',
    'zh-TW': '目前沒有開放的股權認購',
    'ko-KR': '현재 진행 중인 지분 라운드가 없습니다',
    'ms-MY': 'Tiada pusingan ekuiti dibuka sekarang',
  },
  notEnoughShares: {
    'zh-CN': '剩余份额不足，仅剩 {left} 份',
    en: 'Not enough shares left: only {left}',
    'zh-TW': '剩餘份額不足，僅剩 {left} 份',
    'ko-KR': '남은 지분이 부족합니다. {left}주만 남았습니다',
    'ms-MY': 'Saham tidak mencukupi: tinggal {left} sahaja',
  },
  enterUsdtAmount: {
    'zh-CN': '请输入USDT数量',
    en: 'Enter USDT Amount',
    'zh-TW': '請輸入USDT數量',
    'ko-KR': 'USDT 금액을 입력하세요',
    'ms-MY': 'Masukkan Jumlah USDT',
  },
  belowMinReinvest: {
    'zh-CN': '复投金额不能少于 {min} USDT',
    en: 'Reinvest at least {min} USDT',
    'zh-TW': '複投金額不能少於 {min} USDT',
    'ko-KR': '최소 {min} USDT 이상 재투자하세요',
    'ms-MY': 'Labur semula sekurang-kurangnya {min} USDT',
  },
  enterForgeAmount: {
    'zh-CN': '请输入锻造数量',
    en: 'Enter the gold coins to forge',
    'zh-TW': '請輸入鍛造數量',
    'ko-KR': '단조할 골드 코인 수량을 입력하세요',
    'ms-MY': 'Masukkan syiling emas untuk ditempa',
  },
  belowMinForge: {
    'zh-CN': '锻造数量不能少于 {min} 金币',
    en: 'Forge at least {min} gold coins',
    'zh-TW': '鍛造數量不能少於 {min} 金幣',
    'ko-KR': '최소 {min} 골드 코인 이상 단조하세요',
    'ms-MY': 'Tempa sekurang-kurangnya {min} syiling emas',
  },
};

/** "The field X is invalid", naming the field (API.md: a 400 names the field). */
export const FIELD_INVALID: Texts = {
  'zh-CN': '参数 {field} 有误',
  en: 'Invalid value for {field}',
  'zh-TW': '參數 {field} 有誤',
  'ko-KR': '{field} 값이 올바르지 않습니다',
  'ms-MY': 'Nilai tidak sah untuk {field}',
};

/** The message of a code in a locale, with `{name}` placeholders filled from `params`. */
export function errorMessage(name: ErrorName, locale: Locale, params?: Record<string, string | number>): string {
  const text = ERROR_MESSAGES[name][locale];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

export function fieldInvalidMessage(field: string, locale: Locale): string {
  return FIELD_INVALID[locale].replace('{field}', field);
}
