import { checkWithdrawAddress } from './address-check';

/** What a QR code gave: an address to fill in, or why none was taken. */
export type ScannedAddress =
  | { ok: true; address: string }
  | { ok: false; reason: 'notAddress' | 'invalidAddress' }
  | { ok: false; reason: 'wrongChain'; chainId: number };

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** EIP-681: `ethereum:[pay-]<target>[@<chain id>][/<function>][?<parameters>]`. */
const EIP681 = /^ethereum:(?:pay-)?([^@/?]+)(?:@(\d+))?(?:\/([^?]*))?(?:\?(.*))?$/i;

/**
 * The address a QR code's text carries, for a field that pays to chain `chainId`: a plain address,
 * or an EIP-681 `ethereum:` URI (the recipient of a token `transfer`, else the target). The address
 * then meets the same check as a typed one (address-check.ts): a mixed-case one whose checksum does
 * not hold is refused, not filled in. A URI for another chain is refused too: the same address on
 * another network may not be the receiver's.
 */
export function scannedAddress(text: string, chainId: number): ScannedAddress {
  const raw = text.trim();
  let candidate = raw;
  const uri = EIP681.exec(raw);
  if (uri) {
    const [, target = '', chain, fn, query] = uri;
    if (chain !== undefined && Number(chain) !== chainId)
      return { ok: false, reason: 'wrongChain', chainId: Number(chain) };
    candidate = fn === 'transfer' ? (new URLSearchParams(query ?? '').get('address') ?? '') : target;
  } else if (/^ethereum:/i.test(raw)) {
    return { ok: false, reason: 'notAddress' };
  }
  if (!HEX_ADDRESS.test(candidate)) return { ok: false, reason: 'notAddress' };
  return checkWithdrawAddress(candidate) === null
    ? { ok: true, address: candidate }
    : { ok: false, reason: 'invalidAddress' };
}
