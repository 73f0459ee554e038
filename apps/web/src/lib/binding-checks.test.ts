import { describe, expect, it } from 'vitest';
import { checkCode, checkEmail, checkWithdrawAddress } from './binding-checks';

const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('binding checks', () => {
  it('asks for an email, then for a well-formed one', () => {
    expect(checkEmail('  ')).toBe('enterEmail');
    expect(checkEmail('someone')).toBe('emailInvalid');
    expect(checkEmail('someone@example')).toBe('emailInvalid');
    expect(checkEmail('a b@example.com')).toBe('emailInvalid');
    expect(checkEmail(`${'a'.repeat(250)}@example.com`)).toBe('emailInvalid');
    expect(checkEmail(' someone@example.com ')).toBeNull();
  });

  it('takes six digits as a code', () => {
    expect(checkCode('')).toBe('codeRequired');
    expect(checkCode('12345')).toBe('codeRequired');
    expect(checkCode('12345a')).toBe('codeRequired');
    expect(checkCode(' 123456 ')).toBeNull();
  });

  it('takes an EVM address whose mixed-case checksum holds', () => {
    expect(checkWithdrawAddress('')).toBe('addressRequired');
    expect(checkWithdrawAddress(CHECKSUMMED)).toBeNull();
    expect(checkWithdrawAddress(CHECKSUMMED.toLowerCase())).toBeNull();
    // One letter's case flipped: the checksum no longer holds.
    expect(checkWithdrawAddress(CHECKSUMMED.replace('f39F', 'f39f'))).toBe('invalidAddress');
    expect(checkWithdrawAddress(CHECKSUMMED.slice(0, -1))).toBe('invalidAddress');
    expect(checkWithdrawAddress(`${CHECKSUMMED.slice(0, -1)}g`)).toBe('invalidAddress');
    expect(checkWithdrawAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('invalidAddress');
  });
});
