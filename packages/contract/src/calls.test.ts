import { describe, expect, expectTypeOf, it } from 'vitest';
import { API } from './api-paths.ts';
import { ASSET_CALLS, giftBodySchema } from './asset.ts';
import { type CallAnswer, type CallBody, type CallQuery, call } from './calls.ts';

describe('a declared call', () => {
  it('gives the clients their request and answer types', () => {
    expectTypeOf<CallBody<typeof ASSET_CALLS.gift>>().toEqualTypeOf<{
      toUserId: string;
      asset: 'GOLD' | 'USDT' | 'BTC';
      amount: string;
    }>();
    expectTypeOf<CallAnswer<typeof ASSET_CALLS.gift>>().toEqualTypeOf<{ transferId: string }>();
    expectTypeOf<CallQuery<typeof ASSET_CALLS.giftReceiver>>().toEqualTypeOf<{ userId: string }>();
    // A call without a body or a query has none to send.
    expectTypeOf<CallBody<typeof ASSET_CALLS.earnings>>().toBeNever();
    expectTypeOf<CallQuery<typeof ASSET_CALLS.gift>>().toBeNever();
    expect(ASSET_CALLS.gift.body).toBe(giftBodySchema);
  });

  it('takes its path from the path table, and must name its answer', () => {
    expect(ASSET_CALLS.gift.path).toBe(API.gift);
    const declare = () =>
      // @ts-expect-error: a call without an answer does not typecheck
      call({ method: 'GET', path: API.donations, tag: 'asset', summary: 's', auth: 'public', money: false });
    expect(declare().path).toBe(API.donations);
  });
});
