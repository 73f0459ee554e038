import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { runEntry } from '../test/entry.ts';
import { PRODUCTION_ENV } from '../test/production-env.ts';

// The server entry itself, started as `npm start` starts it: what it refuses, it refuses before it
// connects to anything or listens.
describe('server.ts refuses to start', () => {
  it('as a production MODE=api process given the hot wallet key, saying why, without showing it', async () => {
    const key = PRODUCTION_ENV.PAYOUT_KEY as `0x${string}`;
    const run = await runEntry('server.ts', {
      ...PRODUCTION_ENV,
      // Nothing listens there: the refusal must come before any connection.
      DATABASE_URL: 'postgres://minecloud@127.0.0.1:9/none',
      HOST: '127.0.0.1',
      PORT: '0',
      MODE: 'api',
      PAYOUT_ADDRESS: privateKeyToAddress(key),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PAYOUT_KEY must not be given to a MODE=api process');
    expect(run.stderr).toContain('a flaw in any route handler would then reach the hot wallet');
    expect(run.stdout + run.stderr).not.toContain(key.slice(2));
  });
});
