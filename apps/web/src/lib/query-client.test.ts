import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, forgetQueriesWhenSessionEnds } from './query-client';
import { useSession } from './session';

describe('forgetQueriesWhenSessionEnds', () => {
  afterEach(() => useSession.getState().signOut());

  it("drops one member's cached data when their session ends, not when a session starts", () => {
    const client = createQueryClient();
    const stop = forgetQueriesWhenSessionEnds(client);
    client.setQueryData(['public'], 1);
    useSession.setState({ token: 'first' });
    expect(client.getQueryData(['public'])).toBe(1);
    client.setQueryData(['balances'], 'first member');
    useSession.setState({ token: 'second' });
    expect(client.getQueryData(['balances'])).toBeUndefined();
    client.setQueryData(['balances'], 'second member');
    useSession.getState().signOut();
    expect(client.getQueryData(['balances'])).toBeUndefined();
    stop();
  });
});
