import { isAddress } from 'viem';

export type AddressProblem = 'addressRequired' | 'invalidAddress';

/**
 * An EVM address: 0x and 40 hex digits, and when it mixes cases its checksum must hold (a typo
 * in a checksummed address is caught before any money is sent to it). The server checks the same.
 * A module of its own: viem's checksum (keccak, ~5 KB gzip) loads with the pages that take an
 * address, not with every page that checks an email or a code.
 */
export function checkWithdrawAddress(value: string): AddressProblem | null {
  const address = value.trim();
  if (!address) return 'addressRequired';
  return isAddress(address, { strict: true }) ? null : 'invalidAddress';
}
