/** Longest address an email may have (RFC 5321; contract emailSchema). */
export const EMAIL_MAX_LENGTH = 254;
/** 0x and 40 hex digits. */
export const ADDRESS_LENGTH = 42;
export const EMAIL_CODE_LENGTH = 6;

export type EmailProblem = 'enterEmail' | 'emailInvalid';
export type CodeProblem = 'codeRequired';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): EmailProblem | null {
  const email = value.trim();
  if (!email) return 'enterEmail';
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(email) ? null : 'emailInvalid';
}

export function checkCode(value: string): CodeProblem | null {
  return /^\d{6}$/.test(value.trim()) ? null : 'codeRequired';
}
