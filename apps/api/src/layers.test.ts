import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenRules,
  folderGraph,
  folderOf,
  importsOf,
  loops,
  type Rule,
  type Source,
  sourcesUnder,
} from '../test/import-graph.ts';
import { NO_DATABASE } from '../test/no-database.ts';
import { POSTGRES_ONLY } from '../test/postgres-only.ts';

/**
 * The API's layers, downhill only (docs/architecture.md, "The server's layers"): routes -> money/
 * -> modules -> ledger/ -> db/, with lib/ as leaves; jobs/ schedule and modules do the work. A
 * folder is `modules/<area>` or a top-level folder; a file at src/ is its own.
 */
const RULES: Rule[] = [
  { from: /^lib$/, to: /^(modules\/|ledger$|money$|jobs$)/ },
  { from: /^ledger$/, to: /^(modules\/|money$|jobs$)/ },
  { from: /^db$/, to: /^(?!db$)/ },
  // The operators' run-a-job screen stands above the jobs.
  { from: /^modules\/(?!admin$)/, to: /^jobs$/ },
  // The app's plugins are its table of contents (app.ts): only app.ts registers them.
  { from: /^(?!app\.ts$)/, to: /^plugins$/ },
];

describe('the API imports one way only', () => {
  const graph = folderGraph(sourcesUnder(import.meta.dirname));

  it('keeps every folder to its layer', () => {
    expect(graph.get('modules/mining')?.has('ledger')).toBe(true);
    expect(brokenRules(graph, RULES)).toEqual([]);
  });

  it('has no loop between folders', () => {
    expect(loops(graph).join('\n\n')).toBe('');
  });
});

describe('the import walker', () => {
  const source = (file: string, text: string): Source => ({ file, text });

  it('resolves relative imports of every form to files, and names their folders', () => {
    const text = [
      "import { a } from '../../lib/errors.ts';",
      "import type { B } from '../auth/operators.ts';",
      "export { c } from './service.ts';",
      "import 'node:crypto';",
      "import { z } from 'zod';",
      "const later = await import('../../jobs/index.ts');",
    ].join('\n');
    expect(importsOf(source('modules/wallet/review.ts', text))).toEqual([
      'lib/errors.ts',
      'modules/auth/operators.ts',
      'modules/wallet/service.ts',
      'jobs/index.ts',
    ]);
    expect(['app.ts', 'lib/errors.ts', 'modules/auth/operators.ts', 'db/schema/ledger.ts'].map(folderOf)).toEqual([
      'app.ts',
      'lib',
      'modules/auth',
      'db',
    ]);
  });

  it('finds a planted import across a boundary, naming the file', () => {
    const graph = folderGraph([
      source('lib/errors.ts', ''),
      source('lib/metrics.ts', "import { check } from '../ledger/check.ts';\nimport { fail } from './errors.ts';"),
      source('ledger/check.ts', "import { fail } from '../lib/errors.ts';"),
      source('modules/admin/routes.ts', "import { JOBS } from '../../jobs/index.ts';"),
      source('jobs/index.ts', ''),
    ]);
    expect(brokenRules(graph, RULES)).toEqual(['lib -> ledger: lib/metrics.ts -> ledger/check.ts']);
  });

  it('finds a planted loop and prints it with its imports', () => {
    const graph = folderGraph([
      source('jobs/index.ts', "import { settle } from '../modules/mining/settlement.ts';"),
      source('modules/mining/settlement.ts', "import { addDays } from '../../lib/calendar.ts';"),
      source('lib/calendar.ts', "import { JOBS } from '../jobs/index.ts';"),
      source('modules/pool/service.ts', "import { addDays } from '../../lib/calendar.ts';"),
    ]);
    expect(loops(graph)).toEqual([
      [
        'jobs -> modules/mining -> lib -> jobs',
        '  jobs -> modules/mining: jobs/index.ts -> modules/mining/settlement.ts',
        '  modules/mining -> lib: modules/mining/settlement.ts -> lib/calendar.ts',
        '  lib -> jobs: lib/calendar.ts -> jobs/index.ts',
      ].join('\n'),
    ]);
    expect(loops(folderGraph([source('jobs/index.ts', "import { x } from '../lib/calendar.ts';")]))).toEqual([]);
  });
});

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
