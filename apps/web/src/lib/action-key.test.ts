import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODE_NETWORK, ERROR_CODE_TIMEOUT } from '@/lib/request';
import { withActionKey } from './action-key';

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

async function attempt(route: string, body: unknown, outcome: 'ok' | ApiError): Promise<string> {
  let used = '';
  await withActionKey(route, body, async (key) => {
    used = key;
    if (outcome !== 'ok') throw outcome;
    return null;
  }).catch(() => undefined);
  return used;
}

describe('withActionKey', () => {
  it('reuses the key of an action that got no answer, and only for the same action', async () => {
    const first = await attempt('asset/send', { amount: '1' }, new ApiError(ERROR_CODE_NETWORK, 'network'));
    expect(first).toMatch(KEY);
    const other = await attempt('asset/send', { amount: '2' }, 'ok');
    expect(other).not.toBe(first);
    const timedOut = await attempt('asset/send', { amount: '1' }, new ApiError(ERROR_CODE_TIMEOUT, 'timeout'));
    expect(timedOut).toBe(first);
    const serverFault = await attempt('asset/send', { amount: '1' }, new ApiError(500, 'boom', 500));
    expect(serverFault).toBe(first);
    expect(await attempt('asset/send', { amount: '1' }, 'ok')).toBe(first);
    // Answered: the next action, even an identical one, is a new action.
    expect(await attempt('asset/send', { amount: '1' }, 'ok')).not.toBe(first);
  });

  it('starts over after an answered refusal', async () => {
    const refused = await attempt('asset/topup', { amountUsdt: '5' }, new ApiError(1010, '余额不足', 200));
    expect(await attempt('asset/topup', { amountUsdt: '5' }, 'ok')).not.toBe(refused);
  });

  it('gives a double tap in flight the same key', async () => {
    const keys: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tap = () =>
      withActionKey('donate_logs/clickDonate', { asset: 'GOLD', amount: '1' }, async (key) => {
        keys.push(key);
        await gate;
        return key;
      });
    const both = Promise.all([tap(), tap()]);
    release();
    await both;
    expect(keys[0]).toMatch(KEY);
    expect(keys[1]).toBe(keys[0]);
  });
});
