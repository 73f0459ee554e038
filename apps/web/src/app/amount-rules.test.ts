import { describe, expect, it } from 'vitest';
import { checkTopUp } from '@/features/assets/lib/gold-rate';
import { checkReinvest } from '@/features/equity/lib/shares';
import { checkForge } from '@/features/pool/lib/forge-check';
import { checkWithdrawAmount } from '@/features/wallet/lib/withdraw-amount';
import { checkAmount } from '@/lib/amount-check';
import en from '../i18n/locales/en.json';
import ko from '../i18n/locales/ko-KR.json';
import ms from '../i18n/locales/ms-MY.json';
import zhCN from '../i18n/locales/zh-CN.json';
import zhTW from '../i18n/locales/zh-TW.json';

// Every form's own check, for the same typed text: the rules a member meets are the same everywhere,
// so each form shows the one message of the rule (use-amount-problem-text.ts).
const FORMS = {
  gift: (text: string) => checkAmount(text, 'USDT', '1000'),
  donation: (text: string) => checkAmount(text, 'GOLD', '1000'),
  topUp: (text: string) => checkTopUp(text, '1000', 100n),
  withdraw: (text: string) => checkWithdrawAmount(text, 'USDT', 1_000_000_000n, { fee: 1_000_000n, min: 0n }),
  forge: (text: string) => checkForge(text, '10', '1000'),
  reinvest: (text: string) =>
    checkReinvest(
      { pricePerShare: '1', minQuantity: 1, sharesRemaining: 100, minReinvestU: '1' },
      text,
      1_000_000_000n,
    ),
};

describe('one rule, one message, on every amount form', () => {
  it.each(['0', '0.00', '0.0'])('reads %s as zero on every form', (text) => {
    const reasons = Object.entries(FORMS).map(([form, check]) => [form, (check(text) as { reason?: string }).reason]);
    expect(reasons).toEqual(Object.keys(FORMS).map((form) => [form, 'notPositive']));
  });

  it('reads an unfinished amount as invalid on every form', () => {
    const reasons = Object.entries(FORMS).map(([form, check]) => [form, (check('5.') as { reason?: string }).reason]);
    expect(reasons).toEqual(Object.keys(FORMS).map((form) => [form, 'invalid']));
  });

  it('has the zero message in every language', () => {
    expect([zhCN, en, zhTW, ko, ms].map((texts) => texts.amountNotPositive)).toEqual([
      '金额必须大于0',
      'The amount must be greater than 0',
      '金額必須大於0',
      '금액은 0보다 커야 합니다',
      'Jumlah mesti lebih daripada 0',
    ]);
  });
});
