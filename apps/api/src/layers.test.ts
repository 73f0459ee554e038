import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_DATABASE } from '../test/no-database.ts';
import { POSTGRES_ONLY } from '../test/postgres-only.ts';

// The API's import rules (its layers, no loop between folders) are dependency-cruiser's, in
// .dependency-cruiser.cjs, checked by `npm run lint`; these are the rules about its test files
// (docs/architecture.md, "Import rules, and what enforces them").

describe('the files the PostgreSQL run leaves out', () => {
  it('open no database: they import neither a test app nor a test database nor the client', () => {
    expect(NO_DATABASE.length).toBeGreaterThan(0);
    for (const file of NO_DATABASE) {
      const source = readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');
      expect(source, file).not.toMatch(/test\/(app|database|money)\.ts|db\/client\.ts|TEST_DB_KIND|testDbKind/);
    }
  });
});

describe('the files that run on PostgreSQL alone when it is there', () => {
  it('exist, and none of them is about the ledger, a money flow, security or transparency', () => {
    expect(POSTGRES_ONLY.length).toBeGreaterThan(0);
    for (const file of POSTGRES_ONLY) {
      expect(existsSync(path.join(import.meta.dirname, '..', file)), file).toBe(true);
      expect(file).not.toMatch(
        /^src\/(ledger|money|security\/(bola|fuzz))|^src\/jobs\/catch-up|^src\/modules\/(adjustments|asset|equity|mining|pool|team|transparency|wallet)\//,
      );
      expect(NO_DATABASE, file).not.toContain(file);
    }
  });
});
