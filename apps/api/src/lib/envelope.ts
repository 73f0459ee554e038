import type { Envelope } from '@minecloud/contract/envelope';

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, data, msg: '' };
}
