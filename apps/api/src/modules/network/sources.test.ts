import {
  type NetworkBlock,
  networkDayRate,
  RETARGET_INTERVAL,
  subsidyAt,
  workOfBits,
} from '@minecloud/contract/network-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETARGET_HEIGHT, startNode, type TestNode, testChain } from '../../../test/bitcoin-node.ts';
import { bitcoinRpcSource } from './bitcoin-rpc.ts';
import { simulatedChain } from './simulated-chain.ts';

/** 2026-12-01 00:00 in Asia/Shanghai (16:00 UTC the day before), in seconds. */
const DAY_START = Date.UTC(2026, 10, 30, 16) / 1000;
const DAY_END = DAY_START + 86_400;
const at = (time: number) => new Date(time * 1000);

describe('the Bitcoin Core source', () => {
  const chain = testChain(DAY_START);
  const lastHeight = (chain.at(-1) as NetworkBlock).height;
  const expected = chain.filter((block) => block.time >= DAY_START && block.time < DAY_END);
  let node: TestNode;

  beforeAll(async () => {
    node = await startNode(chain, lastHeight);
  });
  afterAll(() => node.stop());

  it('gives every block whose time falls in the day, out-of-order ones too, and nothing else', async () => {
    const day = await bitcoinRpcSource(node.url).blocksOfDay(at(DAY_START), at(DAY_END));
    if (!day.complete) throw new Error(day.reason);
    expect(day.blocks.map((block) => block.height)).toEqual(expected.map((block) => block.height));
    expect(day.blocks[0]).toEqual({
      height: expected[0]?.height,
      hash: expected[0]?.hash,
      time: expected[0]?.time,
      bits: expected[0]?.bits,
      subsidy: expected[0]?.subsidy,
      fees: expected[0]?.fees,
    });
    // The day crosses the halving.
    expect(new Set(day.blocks.map((block) => block.subsidy))).toEqual(new Set([625_000_000n, 312_500_000n]));
    // The day's work is the chainwork its blocks added: a member with a node of their own checks it so.
    const rate = networkDayRate(day.blocks, '0');
    const [firstBlock, lastBlock] = [expected[0], expected.at(-1)];
    const before = chain[(firstBlock?.height ?? 0) - (chain[0]?.height ?? 0) - 1];
    expect(rate?.work).toBe((lastBlock?.chainwork ?? 0n) - (before?.chainwork ?? 0n));
  });

  it('gives a day across a retarget with each block at its own difficulty', async () => {
    const [start, end] = [DAY_START + 5 * 86_400, DAY_END + 5 * 86_400];
    const day = await bitcoinRpcSource(node.url).blocksOfDay(at(start), at(end));
    if (!day.complete) throw new Error(day.reason);
    expect(day.blocks.map((block) => block.height)).toEqual(
      chain.filter((block) => block.time >= start && block.time < end).map((block) => block.height),
    );
    expect(day.blocks.find((block) => block.height === RETARGET_HEIGHT - 1)?.bits).toBe('17034219');
    expect(day.blocks.find((block) => block.height === RETARGET_HEIGHT)?.bits).toBe('1703255b');
  });

  it('waits while the chain has not passed the day, and when the node is down or refuses', async () => {
    const early = await startNode(chain, (expected.at(-1)?.height ?? 0) + 2);
    try {
      expect(await bitcoinRpcSource(early.url).blocksOfDay(at(DAY_START), at(DAY_END))).toEqual({
        complete: false,
        reason: "the chain's median time has not passed the day's end",
      });
    } finally {
      await early.stop();
    }
    const wrong = await bitcoinRpcSource(node.url.replace('secret', 'guess')).blocksOfDay(at(DAY_START), at(DAY_END));
    expect(wrong).toEqual({ complete: false, reason: 'the Bitcoin node refused the RPC user or password' });
    // Down in the middle of reading the day: not a part of it, but no day at all.
    node.failFrom = node.requests + 6;
    const cut = await bitcoinRpcSource(node.url).blocksOfDay(at(DAY_START), at(DAY_END));
    expect(cut).toMatchObject({ complete: false, reason: expect.stringContaining('does not answer') });
    node.failFrom = Number.POSITIVE_INFINITY;
    const again = await bitcoinRpcSource(node.url).blocksOfDay(at(DAY_START), at(DAY_END));
    expect(again.complete && again.blocks.length).toBe(expected.length);
  });
});

describe('the simulated chain', () => {
  it('gives the same days on every run, once they have ended', async () => {
    const clock = { now: at(DAY_END) };
    const one = simulatedChain(() => clock.now);
    const two = simulatedChain(() => clock.now);
    const day = await one.blocksOfDay(at(DAY_START), at(DAY_END));
    expect(day).toEqual(await two.blocksOfDay(at(DAY_START), at(DAY_END)));
    if (!day.complete) throw new Error(day.reason);
    // About a day's worth of blocks, in a row, all inside the day.
    expect(day.blocks.length).toBeGreaterThan(110);
    expect(day.blocks.length).toBeLessThan(180);
    for (const [i, block] of day.blocks.entries()) {
      expect(block.time).toBeGreaterThanOrEqual(DAY_START);
      expect(block.time).toBeLessThan(DAY_END);
      if (i > 0) expect(block.height).toBe((day.blocks[i - 1]?.height ?? 0) + 1);
      expect(block.subsidy).toBe(subsidyAt(block.height));
    }
    clock.now = at(DAY_END - 1);
    expect(await simulatedChain(() => clock.now).blocksOfDay(at(DAY_START), at(DAY_END))).toEqual({
      complete: false,
      reason: 'the day has not ended',
    });
  });

  it('adjusts its difficulty every 2016 blocks to the time they took, within Bitcoin’s bounds', async () => {
    const chain = simulatedChain(() => at(DAY_END));
    const day = await chain.blocksOfDay(at(DAY_START), at(DAY_END));
    const earlier = await chain.blocksOfDay(at(DAY_START - 60 * 86_400), at(DAY_END - 60 * 86_400));
    if (!day.complete || !earlier.complete) throw new Error('incomplete');
    const changes = new Set([...earlier.blocks, ...day.blocks].map((block) => block.bits));
    expect(changes.size).toBeGreaterThanOrEqual(1);
    // The hash rate grows, so the difficulty of two months later is higher.
    expect(workOfBits(day.blocks[0]?.bits ?? '')).toBeGreaterThan(workOfBits(earlier.blocks[0]?.bits ?? ''));
    for (const block of day.blocks) {
      if (block.height % RETARGET_INTERVAL !== 0) {
        const previous = day.blocks.find((b) => b.height === block.height - 1);
        if (previous) expect(block.bits).toBe(previous.bits);
      }
    }
  });

  it('has no days before it starts', async () => {
    const chain = simulatedChain(() => at(DAY_END));
    expect(await chain.blocksOfDay(new Date('2024-12-31T00:00:00Z'), new Date('2025-01-01T00:00:00Z'))).toMatchObject({
      complete: false,
    });
  });
});
