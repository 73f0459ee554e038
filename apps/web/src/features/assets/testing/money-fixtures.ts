import type { BasicConfig } from '@minecloud/contract/config';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { BASIC_CONFIG, ok } from '@/test/render-app';

/** Fixtures shared by the money screens' tests (imported by tests only). */
export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const OWN_ID = '100004';

export const CONFIG: BasicConfig = {
  ...BASIC_CONFIG,
  limits: { goldPerUsdt: '100', transferAssets: 'GOLD,USDT', donationAssets: 'GOLD,USDT' },
};

export const USER = {
  id: OWN_ID,
  address: ADDRESS,
  identity: 'regular',
  level: 1,
  email: null,
  withdrawAddress: null,
  inviteCodes: [],
  balances: { GOLD: '5000', USDT: '1000', BTC: '0' },
};

type Row = { available: string; locked?: string; earnings?: string };

/** An answer of asset/selectAssetBalance. */
export function balancesAnswer(rows: { GOLD: Row; USDT: Row; BTC: Row }) {
  return ok({
    list: (['GOLD', 'USDT', 'BTC'] as const).map((asset) => ({
      asset,
      available: rows[asset].available,
      locked: rows[asset].locked ?? '0',
      earnings: rows[asset].earnings ?? '0',
    })),
  });
}

export const DEMO_BALANCES = { GOLD: { available: '5000' }, USDT: { available: '1000' }, BTC: { available: '0' } };

export function signIn(): void {
  useSession.setState({ ...DEFAULT_SESSION, token: 'jwt-1', address: ADDRESS });
}

// antd-mobile keeps a dialog's buttons inert while its opening animation runs, which jsdom never finishes.
export const dialogUser = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The headers a call was sent with. */
export function headersOf(init: RequestInit): Record<string, string> {
  return (init.headers ?? {}) as Record<string, string>;
}

/** A failed network request: the request wrapper reports 网络错误，换个网络试试. */
export function networkFailure(): never {
  throw new TypeError('Failed to fetch');
}

/**
 * jsdom lays nothing out, so antd-mobile's InfiniteScroll never sees its footer (no offsetParent).
 * Every element gets its parent as offsetParent: the footer then counts as in view, as on a short page.
 */
export function layOutForInfiniteScroll(): () => void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
  };
}

/** `layOutForInfiniteScroll` around every test of the file that calls it. */
export function layOutListsInThisFile(): void {
  let restore = () => {};
  beforeAll(() => {
    restore = layOutForInfiniteScroll();
  });
  afterAll(() => restore());
}

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
