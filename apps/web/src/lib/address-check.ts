import { isEvmAddress } from '@minecloud/contract/evm-address';

export type AddressProblem = 'addressRequired' | 'invalidAddress' | 'platformAddress';

/**
 * An EVM address: 0x and 40 hex digits, and when it mixes cases its checksum must hold (a typo
 * in a checksummed address is caught before any money is sent to it). The server checks the same.
 * A module of its own: the checksum (keccak) loads with the pages that take an address, not with
 * every page that checks an email or a code.
 */
export function checkWithdrawAddress(value: string, platform: readonly string[] = []): AddressProblem | null {
  const address = value.trim();
  if (!address) return 'addressRequired';
  if (!isEvmAddress(address)) return 'invalidAddress';
  // The platform's deposit address and token contracts hold no member's funds: paying them loses the money.
  const lower = address.toLowerCase();
  return platform.some((own) => own.trim().toLowerCase() === lower) ? 'platformAddress' : null;
}
