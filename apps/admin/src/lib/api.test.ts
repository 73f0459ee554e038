import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { ApiError, api, downloadCsv, onSessionEvent } from './api';
import { readToken, saveToken } from './token';

describe('api', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the token and language, and resolves to the envelope data', async () => {
    saveToken('tok');
    const requests = mockApi({ 'GET members/page': () => ({ list: [], total: 0 }) });
    await expect(api.get('members/page', { q: 'x', pageNo: 1, empty: undefined })).resolves.toEqual({
      list: [],
      total: 0,
    });
    const [request] = requests;
    expect(request?.url.pathname).toBe('/admin-api/members/page');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({ q: 'x', pageNo: '1' });
    expect(request?.headers.get('Authorization')).toBe('Bearer tok');
    expect(request?.headers.get('Accept-Language')).toBe('en');
  });

  it('rejects with the code, status and message, sends the idempotency key', async () => {
    const requests = mockApi({
      'POST ledger/adjust': () => {
        throw { code: 1010, msg: 'Insufficient balance', status: 200 };
      },
    });
    const error = await api.post('ledger/adjust', { a: 1 }, { idempotencyKey: 'key-12345678' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1010, status: 200, msg: 'Insufficient balance' });
    expect(calls(requests, 'POST ledger/adjust')[0]?.headers.get('Idempotency-Key')).toBe('key-12345678');
  });

  it('ends the session on a 401 with a token, and asks for setup on 1104', async () => {
    saveToken('tok');
    const events: string[] = [];
    const stop = onSessionEvent((event) => events.push(event));
    mockApi({
      'GET audit/page': () => {
        throw { code: 1104, msg: 'Finish setup', status: 403 };
      },
      'GET dashboard': () => {
        throw { code: 401, msg: 'Sign in', status: 401 };
      },
    });
    await expect(api.get('audit/page')).rejects.toMatchObject({ code: 1104 });
    await expect(api.get('dashboard')).rejects.toMatchObject({ code: 401 });
    stop();
    expect(events).toEqual(['setupRequired', 'signedOut']);
    expect(readToken()).toBeNull();
  });

  it('downloads a CSV with the token and the query', async () => {
    saveToken('tok');
    const created = vi.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const requests = mockApi({ 'GET audit/export.csv': () => 'id,actor\n1,alice\n' });
    await downloadCsv('audit/export.csv', { actor: 'alice' });
    expect(requests[0]?.url.searchParams.get('actor')).toBe('alice');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(await created.mock.calls[0]?.[0].text()).toBe('id,actor\n1,alice\n');
    expect(click).toHaveBeenCalledOnce();
  });
});
