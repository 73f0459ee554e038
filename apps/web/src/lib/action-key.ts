import { newIdempotencyKey } from '@minecloud/contract/client';
import { isApiError } from '@/lib/request';

/** Keys of money actions sent but not answered yet, by action (route and body). */
const unanswered = new Map<string, string>();

/**
 * Whether the server answered, so the action is settled either way. Without an answer (network
 * failure, timeout, 5xx) the action may have happened: its retry must carry the same key.
 */
function wasAnswered(error: unknown): boolean {
  return isApiError(error) && error.status !== null && error.status < 500;
}

/**
 * Runs one money action with its Idempotency-Key. A double tap, or a retry of the same action
 * (same route and body) after an unanswered attempt, reuses the key, so the server moves the
 * money at most once; once answered, the next action gets a new key.
 */
export async function withActionKey<T>(route: string, body: unknown, call: (key: string) => Promise<T>): Promise<T> {
  const action = `${route} ${JSON.stringify(body)}`;
  const key = unanswered.get(action) ?? newIdempotencyKey();
  unanswered.set(action, key);
  try {
    const answer = await call(key);
    unanswered.delete(action);
    return answer;
  } catch (error) {
    if (wasAnswered(error)) unanswered.delete(action);
    throw error;
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
