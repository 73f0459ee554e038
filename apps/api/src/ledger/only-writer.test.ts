import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Ways to write balances, transfers or entries: raw SQL, and drizzle's query builder. */
const WRITES = [
  /\binsert\s+into\s+"?(accounts|transfers|entries)\b/i,
  /\bupdate\s+"?(accounts|transfers|entries)\b/i,
  /\bdelete\s+from\s+"?(accounts|transfers|entries)\b/i,
  /\btruncate\s+(table\s+)?("?\w+"?\s*,\s*)*"?(accounts|transfers|entries)\b/i,
  /\b(insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+\.)?(accounts|transfers|entries)\s*\}/i,
  /\bset\s+"?balance\b/i,
  /\.(insert|update|delete)\(\s*(\w+\.)?(accounts|transfers|entries)\s*\)/,
];

/** Each write to accounts, transfers or entries in a source text, as `line: text`. */
function ledgerWrites(text: string): string[] {
  return WRITES.flatMap((pattern) =>
    [...text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].map((m) => {
      const line = text.slice(0, m.index).split('\n').length;
      return `${line}: ${m[0].replace(/\s+/g, ' ')}`;
    }),
  );
}

const SRC = path.resolve(import.meta.dirname, '..');

/**
 * Every source file of the API that may not write the ledger's tables: all but the ledger's own
 * and the tests (which plant balances to test the checks). Migrations are scanned too.
 */
function sourcesOutsideLedger(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.(ts|sql)$/.test(file) && !file.endsWith('.test.ts') && !file.startsWith('ledger/'));
}

/**
 * The writes outside ledger/ that are the ledger's own history: migration 0045 made every transfer
 * written before the journal an entry of its own, once, with the transfers' guard off.
 */
const HISTORY = [
  'db/migrations/0045_journal.sql:28: INSERT INTO "entries',
  'db/migrations/0045_journal.sql:33: UPDATE "transfers',
];

/** Each write in the files, as `file:line: text`. */
function writesIn(dir: string, files: string[]): string[] {
  return files.flatMap((file) =>
    ledgerWrites(readFileSync(path.join(dir, file), 'utf8')).map((write) => `${file}:${write}`),
  );
}

describe('the ledger is the only writer of accounts, transfers and entries', () => {
  it('finds no write to them outside ledger/', () => {
    const files = sourcesOutsideLedger();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('db/migrations/0001_ledger.sql');
    expect(writesIn(SRC, files)).toEqual(HISTORY);
  });

  // One way to post money (journal.ts): every statement that moves money ends in its inserts.
  it('writes entries and transfers only in journal.ts', () => {
    const dir = path.join(SRC, 'ledger');
    const files = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const inserts = writesIn(dir, files).filter((write) => /insert into "?(transfers|entries)\b/i.test(write));
    expect(inserts.map((write) => write.replace(/:\d+:/, ':'))).toEqual([
      'journal.ts: insert into entries',
      'journal.ts: insert into transfers',
    ]);
  });

  it('catches a planted write of every form, and leaves reads alone', () => {
    const planted = [
      'sql`insert into accounts (user_id, asset, kind, balance) values (1, 2, 3, 4)`',
      'sql`INSERT INTO "transfers" (asset) select 1`',
      'sql`insert into entries (kind) values (1)`',
      'sql`update accounts\n  set kind = 1`',
      'sql`with x as (update transfers set amount = 0 returning 1) select 1`',
      "sql`delete from transfers where kind = 'gift'`",
      'sql`truncate users, transfers`',
      `sql\`update \${accounts} set kind = 1\``,
      'sql`on conflict do update set balance = excluded.balance`',
      'await tx.insert(transfers).values(row)',
      'await db.update(schema.accounts).set({ balance: 0n })',
      'await tx.delete( accounts ).where(x)',
    ];
    for (const text of planted) expect(ledgerWrites(text), text).not.toEqual([]);
    expect(ledgerWrites('line one\nline two\nsql`delete from accounts`')).toEqual(['3: delete from accounts']);

    const reads = [
      'sql`select balance from accounts where user_id = 1 for update`',
      'sql`select * from transfers t join accounts a on a.id = t.credit_account_id`',
      'sql`update accounts_archive set x = 1`',
      'sql`insert into transfer_fees (amount) values (1)`',
      'await db.select().from(accounts)',
    ];
    for (const text of reads) expect(ledgerWrites(text), text).toEqual([]);
  });
});

/**
 * What a member's call brings besides its money (its rate limit, session, Idempotency-Key, email
 * code, HTTP itself): `money/` composes these around the ledger (docs/architecture.md, "The server's
 * layers"); a ledger statement may carry them only as SQL its caller gives.
 */
const CALL_CONCERNS = [
  /\b(rate_limits|idempotency_keys|sessions|email_codes)\b/,
  /from\s+'[^']*(fastify|\/lib\/limits\.ts|\/money\/|\/modules\/)[^']*'/,
];

/** The call concerns in a source text, comments left out. */
function callConcerns(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return CALL_CONCERNS.flatMap((pattern) => code.match(pattern)?.[0] ?? []);
}

describe('the ledger knows nothing of calls', () => {
  it('names no rate limit, session, key or code table and imports nothing of HTTP', () => {
    const files = readdirSync(path.join(SRC, 'ledger')).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(files).toContain('member-batch.ts');
    const found = files.flatMap((file) =>
      callConcerns(readFileSync(path.join(SRC, 'ledger', file), 'utf8')).map((hit) => `${file}: ${hit}`),
    );
    expect(found).toEqual([]);
  });

  it('catches a planted one, and leaves comments alone', () => {
    expect(callConcerns('sql`insert into idempotency_keys (key) values (1)`')).not.toEqual([]);
    expect(callConcerns("import { upsertHits } from '../lib/limits.ts';")).not.toEqual([]);
    expect(callConcerns("import type { FastifyRequest } from 'fastify';")).not.toEqual([]);
    expect(callConcerns('/** the caller checks its sessions */\n// and rate_limits\nconst x = 1;')).toEqual([]);
  });
});
