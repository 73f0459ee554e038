import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, newIdempotencyKey, parseEnvelope, serializeQuery } from './client.ts';

describe('the shared request client', () => {
  it('makes an ApiError of a code, a message and a status (none when no answer came)', () => {
    const refused = new ApiError(1010, 'Insufficient balance', 200);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ name: 'ApiError', code: 1010, msg: 'Insufficient balance', status: 200 });
    expect(refused.message).toBe('Insufficient balance');
    expect(new ApiError(602001, '')).toMatchObject({ status: null, message: 'Request failed with code 602001' });
    expect(isApiError(refused)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('builds a query string without undefined or null, repeating the key of an array', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({ q: 'a b', pageNo: 1, on: true, none: undefined, nil: null, ids: ['1', '2'] })).toBe(
      'q=a+b&pageNo=1&on=true&ids=1&ids=2',
    );
  });

  it('reads an envelope, and nothing from a body that is none', () => {
    expect(parseEnvelope('{"code":0,"data":{"a":1},"msg":""}')).toEqual({ code: 0, data: { a: 1 }, msg: '' });
    expect(parseEnvelope('')).toBeNull();
    expect(parseEnvelope('<html>Bad gateway</html>')).toBeNull();
    expect(parseEnvelope('[1,2]')).toBeNull();
  });

  it('makes a new 32-hex-character idempotency key each time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
