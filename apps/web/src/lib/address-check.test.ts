import fc from 'fast-check';
import { getAddress, isAddress } from 'viem';
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

  it("agrees with viem's strict check on any address, in any case", () => {
    const hex40 = fc.stringMatching(/^[0-9a-f]{40}$/);
    fc.assert(
      fc.property(hex40, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (hex, upper) => {
        const checksummed = getAddress(`0x${hex}`);
        const mixed = `0x${[...hex].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')}`;
        for (const candidate of [checksummed, `0x${hex}`, mixed, `0x${hex.toUpperCase()}`]) {
          expect(checkWithdrawAddress(candidate) === null, candidate).toBe(isAddress(candidate, { strict: true }));
        }
      }),
      { numRuns: 300 },
    );
  });
});
