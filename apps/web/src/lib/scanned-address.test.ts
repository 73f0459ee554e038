import { describe, expect, it } from 'vitest';
import { scannedAddress } from './scanned-address';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** The same address with one letter's case flipped: its checksum no longer holds. */
const BAD_CHECKSUM = '0x70997970c51812dc3A010C7d01b50e0d17dc79C8';

describe('the address of a scanned QR code', () => {
  it('takes a plain address, and one in lower case (no checksum to check)', () => {
    expect(scannedAddress(ADDRESS, 56)).toEqual({ ok: true, address: ADDRESS });
    expect(scannedAddress(` ${ADDRESS.toLowerCase()}\n`, 56)).toEqual({ ok: true, address: ADDRESS.toLowerCase() });
  });

  it('takes EIP-681 URIs: a payment to an address, on this chain or none named, and a token transfer’s recipient', () => {
    expect(scannedAddress(`ethereum:${ADDRESS}`, 56)).toEqual({ ok: true, address: ADDRESS });
    expect(scannedAddress(`ethereum:pay-${ADDRESS}@56?value=1e18`, 56)).toEqual({ ok: true, address: ADDRESS });
    expect(scannedAddress(`ethereum:${TOKEN}@56/transfer?address=${ADDRESS}&uint256=1e6`, 56)).toEqual({
      ok: true,
      address: ADDRESS,
    });
  });

  it('refuses a wrong checksum, as a typed address is refused', () => {
    expect(scannedAddress(BAD_CHECKSUM, 56)).toEqual({ ok: false, reason: 'invalidAddress' });
    expect(scannedAddress(`ethereum:${TOKEN}/transfer?address=${BAD_CHECKSUM}`, 56)).toEqual({
      ok: false,
      reason: 'invalidAddress',
    });
  });

  it('refuses another chain’s URI and what is no address', () => {
    expect(scannedAddress(`ethereum:${TOKEN}@1/transfer?address=${ADDRESS}`, 56)).toEqual({
      ok: false,
      reason: 'wrongChain',
      chainId: 1,
    });
    for (const text of ['https://example.com', 'ethereum:vitalik.eth', `ethereum:${TOKEN}/transfer`, '0x1234', '']) {
      expect(scannedAddress(text, 56)).toEqual({ ok: false, reason: 'notAddress' });
    }
  });
});
