import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { importViolations, readSourceTree } from '@/test/import-rules';

const src = dirname(fileURLToPath(import.meta.url));

// lib, components, api, i18n and config import no feature; no feature imports another (shared test
// helpers live in src/test/); app/ puts the features together (src/test/import-rules.ts).
it('keeps the web layers one-way', () => {
  expect(importViolations(readSourceTree(src))).toEqual([]);
});
