import { describe, expect, it } from 'vitest';
import { checkWithdrawAddress } from './address-check';

const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('address check', () => {
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
