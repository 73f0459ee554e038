import { expect, it } from 'vitest';

// The console's import rules (its layers, one feature to itself, calls in a feature's api/, src/test/
// for tests) are dependency-cruiser's, in .dependency-cruiser.cjs, checked by `npm run lint`; where
// files live is checked here (docs/architecture.md, "Import rules, and what enforces them").
const modules = Object.keys(import.meta.glob(['./*.ts', './*.tsx']));
const featureFiles = Object.keys(import.meta.glob(['./features/**/*.ts', './features/**/*.tsx']));

it('keeps only main.tsx in src/ itself (tests and .d.ts files aside)', () => {
  expect(modules).toContain('./main.tsx');
  expect(modules.filter((file) => file !== './main.tsx' && !/\.test\.tsx?$|\.d\.ts$/.test(file))).toEqual([]);
});

it("lays out each feature as the member app's: api/, components/, pages/, lib/, and its i18n.ts", () => {
  expect(featureFiles.length).toBeGreaterThan(50);
  const astray = featureFiles.filter(
    (file) => !/^\.\/features\/[^/]+\/((api|components|pages|lib)\/[^/]+|i18n\.ts)$/.test(file),
  );
  expect(astray).toEqual([]);
});
