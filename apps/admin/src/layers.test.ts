import { expect, it } from 'vitest';

// The console's import rules (its layers, one feature to itself, src/test/ for tests) are
// dependency-cruiser's, in .dependency-cruiser.cjs, checked by `npm run lint`; where files live is
// checked here (docs/architecture.md, "Import rules, and what enforces them").
const modules = Object.keys(import.meta.glob(['./*.ts', './*.tsx']));

it('keeps only main.tsx in src/ itself (tests and .d.ts files aside)', () => {
  expect(modules).toContain('./main.tsx');
  expect(modules.filter((file) => file !== './main.tsx' && !/\.test\.tsx?$|\.d\.ts$/.test(file))).toEqual([]);
});
