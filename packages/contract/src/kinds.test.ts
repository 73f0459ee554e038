import { describe, expect, it } from 'vitest';
import { ASSETS } from './amount.ts';
import { PLATFORM_TRANSFER_KINDS, RECORD_KINDS, RECORD_KINDS_BY_ASSET, TRANSFER_KINDS } from './kinds.ts';

// The database's CHECK of the same kinds is compared with TRANSFER_KINDS in ledger/ledger.test.ts,
// and the web app's name of each record kind is required by its type (features/assets/lib/record-kinds.ts).
describe('transfer kinds', () => {
  it('declares each kind once, and every record kind for at least one asset', () => {
    expect(new Set(TRANSFER_KINDS).size).toBe(TRANSFER_KINDS.length);
    for (const asset of ASSETS) {
      const kinds = RECORD_KINDS_BY_ASSET[asset];
      expect(new Set(kinds).size, asset).toBe(kinds.length);
    }
    expect([...RECORD_KINDS].sort()).toEqual([...new Set(ASSETS.flatMap((a) => RECORD_KINDS_BY_ASSET[a]))].sort());
  });

  it('keeps the platform-only kinds out of members’ records', () => {
    for (const kind of PLATFORM_TRANSFER_KINDS) expect(RECORD_KINDS).not.toContain(kind);
    expect(TRANSFER_KINDS).toHaveLength(RECORD_KINDS.length + PLATFORM_TRANSFER_KINDS.length);
  });
});
