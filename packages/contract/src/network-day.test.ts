import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRate } from './decimal.ts';
import { dailySatoshis } from './miner.ts';
import {
  bitsOfTarget,
  difficultyOfBits,
  HASHES_PER_TH_DAY,
  networkDayRate,
  POW_LIMIT_BITS,
  subsidyAt,
  targetOfBits,
  workOfBits,
} from './network-day.ts';

describe('the compact target', () => {
  // Bitcoin Core's own cases for SetCompact and GetCompact (src/test/arith_uint256_tests.cpp).
  it('decodes as Bitcoin Core does', () => {
    expect(targetOfBits('01123456')).toBe(0x12n);
    expect(targetOfBits('02123456')).toBe(0x1234n);
    expect(targetOfBits('03123456')).toBe(0x123456n);
    expect(targetOfBits('04123456')).toBe(0x12345600n);
    expect(targetOfBits('05009234')).toBe(0x92340000n);
    expect(targetOfBits('20123456')).toBe(0x123456n << 232n);
    expect(() => targetOfBits('04923456')).toThrow('negative');
    expect(() => targetOfBits('00000000')).toThrow('range');
    expect(() => targetOfBits('xyz')).toThrow('compact');
  });

  it('encodes back to the same bits', () => {
    for (const bits of ['01120000', '02123400', '03123456', '04123456', '05009234', '1d00ffff', '17034219']) {
      expect(bitsOfTarget(targetOfBits(bits))).toBe(bits);
    }
    // A word whose top bit would be set takes a byte more (GetCompact).
    expect(bitsOfTarget(0x80n)).toBe('02008000');
  });

  it('gives the genesis block its work and difficulty 1', () => {
    // Mainnet's genesis block: bits 1d00ffff, difficulty 1, chainwork 0x100010001 (getblockheader 0).
    expect(workOfBits(POW_LIMIT_BITS)).toBe(0x100010001n);
    expect(difficultyOfBits(POW_LIMIT_BITS)).toBe('1');
  });

  it('shows a difficulty truncated, never rounded', () => {
    // 0x17034219, a difficulty of about 86.4 T made up for this test: 18446462598732840960 ÷ 213529 = 86388558925171.0171…
    expect(difficultyOfBits('17034219')).toBe('86388558925171.01');
    expect(difficultyOfBits('17034219', 0)).toBe('86388558925171');
  });
});

describe('the subsidy', () => {
  it('halves every 210,000 blocks, as mainnet did', () => {
    // The halvings of 2012, 2016, 2020 and 2024 were at these heights, to these subsidies.
    expect(subsidyAt(0)).toBe(5_000_000_000n);
    expect(subsidyAt(209_999)).toBe(5_000_000_000n);
    expect(subsidyAt(210_000)).toBe(2_500_000_000n);
    expect(subsidyAt(420_000)).toBe(1_250_000_000n);
    expect(subsidyAt(630_000)).toBe(625_000_000n);
    expect(subsidyAt(839_999)).toBe(625_000_000n);
    expect(subsidyAt(840_000)).toBe(312_500_000n);
    expect(subsidyAt(1_050_000)).toBe(156_250_000n);
    expect(subsidyAt(64 * 210_000)).toBe(0n);
  });
});

// Expected figures computed apart from this code, with Python's exact fractions:
// floor((Σ subsidy + fees) × 86,400 × 10¹² × 10⁸ × (1 − fee) ÷ Σ floor(2²⁵⁶ ÷ (target + 1))).
describe("a day's rate", () => {
  const B1 = '17034219';
  const B2 = '1703255b';

  it('pays one TH/s its share of the work of a day at one difficulty', () => {
    const blocks = Array.from({ length: 144 }, (_, i) => ({
      bits: B1,
      subsidy: 312_500_000n,
      fees: 2_000_000n + BigInt(i) * 1000n,
    }));
    expect(networkDayRate(blocks, '0')).toEqual({
      blocks: 144,
      subsidy: 45_000_000_000n,
      fees: 298_296_000n,
      work: 53_430_004_364_999_904_525_709_872n,
      grossRate: '0.0000007325046705',
      rate: '0.0000007325046705',
    });
    // A pool fee of 2% comes off before rounding down.
    expect(networkDayRate(blocks, '0.02')?.rate).toBe('0.0000007178545771');
  });

  it('weighs each block by its own work when the difficulty adjusts inside the day', () => {
    const blocks = [
      ...Array.from({ length: 100 }, () => ({ bits: B1, subsidy: 312_500_000n, fees: 1_500_000n })),
      ...Array.from({ length: 50 }, () => ({ bits: B2, subsidy: 312_500_000n, fees: 2_500_000n })),
    ];
    expect(workOfBits(B2)).toBe(384_283_737_840_260_451_729_602n);
    const day = networkDayRate(blocks, '0');
    expect(day?.work).toBe(56_318_356_589_929_622_951_556_400n);
    expect(day?.rate).toBe('0.0000007233449707');
  });

  it('counts each block at its own subsidy across a halving', () => {
    const blocks = Array.from({ length: 140 }, (_, i) => ({
      bits: B1,
      subsidy: subsidyAt(839_950 + i),
      fees: 1_000_000n,
    }));
    const day = networkDayRate(blocks, '0.015');
    expect(day?.subsidy).toBe(50n * 625_000_000n + 90n * 312_500_000n);
    expect(day).toMatchObject({ grossRate: '0.0000009898956759', rate: '0.0000009750472407' });
  });

  it('has no rate without blocks, and refuses a pool fee outside 0 to 1', () => {
    expect(networkDayRate([], '0')).toBeNull();
    const one = [{ bits: B1, subsidy: 1n, fees: 0n }];
    expect(() => networkDayRate(one, '1.5')).toThrow('rate');
    expect(() => networkDayRate(one, '-0.1')).toThrow('rate');
    expect(networkDayRate(one, '1')?.rate).toBe('0');
  });

  it('never pays hash rate up to the network’s more than the blocks paid, and rounds down', () => {
    const block = fc.record({
      bits: fc.constantFrom(B1, B2, '1d00ffff', '1a05db8b', '1802aee8'),
      subsidy: fc.bigInt({ min: 0n, max: 5_000_000_000n }),
      fees: fc.bigInt({ min: 0n, max: 100_000_000_000n }),
    });
    fc.assert(
      fc.property(
        fc.array(block, { minLength: 1, maxLength: 40 }),
        fc.constantFrom('0', '0.01', '0.025', '0.3'),
        fc.array(fc.bigInt({ min: 1n, max: 1n << 40n }), { minLength: 1, maxLength: 5 }),
        (blocks, poolFee, shares) => {
          const day = networkDayRate(blocks, poolFee);
          if (!day) return false;
          const paid = day.subsidy + day.fees;
          // The members' hash rate (in hash units of 10⁻⁶ TH/s) together at most the network's:
          // Σ work ÷ 86,400 s, split in the drawn proportions.
          const networkUnits = (day.work * 1_000_000n) / HASHES_PER_TH_DAY;
          const sum = shares.reduce((a, b) => a + b, 0n);
          const members = shares.map((share) => (networkUnits * share) / sum);
          const outputs = members.map((units) => dailySatoshis(units, day.rate));
          expect(outputs.reduce((a, b) => a + b, 0n)).toBeLessThanOrEqual(paid);
          // Rounded down: the rate times the work never exceeds what was paid, and one unit more would.
          const units = applyRate(10n ** 16n, day.grossRate);
          expect(units * day.work).toBeLessThanOrEqual(paid * HASHES_PER_TH_DAY * 10n ** 8n);
          expect((units + 1n) * day.work).toBeGreaterThan(paid * HASHES_PER_TH_DAY * 10n ** 8n);
          return true;
        },
      ),
    );
  });
});
