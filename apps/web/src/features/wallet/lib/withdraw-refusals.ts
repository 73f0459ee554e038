import { ERROR_CODES } from '@minecloud/contract/error-codes';

/** Where a refusal of the withdraw call is shown: under its field, at the email step, or above the button. */
export type WithdrawField = 'amount' | 'address' | 'code' | 'email' | 'form';

/** The field each refusal of the withdraw call is about; any other shows above the button. */
export const WITHDRAW_REFUSALS: ReadonlyMap<number, Exclude<WithdrawField, 'form'>> = new Map([
  [ERROR_CODES.enterAmount, 'amount'],
  [ERROR_CODES.invalidAmount, 'amount'],
  [ERROR_CODES.amountTooManyDecimals, 'amount'],
  [ERROR_CODES.withdrawBelowMinimum, 'amount'],
  [ERROR_CODES.insufficientBalance, 'amount'],
  [ERROR_CODES.invalidAddress, 'address'],
  [ERROR_CODES.platformAddress, 'address'],
  [ERROR_CODES.addressNotSaved, 'address'],
  [ERROR_CODES.addressWaiting, 'address'],
  [ERROR_CODES.enterEmailCode, 'code'],
  [ERROR_CODES.emailCodeWrong, 'code'],
  [ERROR_CODES.emailCodeUsed, 'code'],
  [ERROR_CODES.emailCodeExpired, 'code'],
  [ERROR_CODES.emailCodeTooManyAttempts, 'code'],
  [ERROR_CODES.bindEmailFirst, 'email'],
]);
