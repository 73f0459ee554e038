import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Whether `value` is an EVM address as viem's `isAddress(value, { strict: true })` says: 0x and 40 hex
 * digits, and, unless it is all lower case, its EIP-55 checksum holds (a typo in a checksummed
 * address is caught before money is sent to it). Here rather than from viem so a page that only
 * checks an address loads keccak alone, not viem's shared modules.
 */
export function isEvmAddress(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  if (value.toLowerCase() === value) return true;
  const lower = value.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let checksummed = '0x';
  for (let i = 0; i < 40; i++) {
    const char = lower[i] as string;
    checksummed += Number.parseInt(hash[i] as string, 16) >= 8 ? char.toUpperCase() : char;
  }
  return checksummed === value;
}
