import { describe, expect, it } from 'vitest';
import { layerViolations, relativeImports, resolveImport } from './test/layers.ts';

// Every module of the console, as text, keyed by its path below src/.
const sources = import.meta.glob<string>(['./**/*.ts', './**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const files = Object.fromEntries(Object.entries(sources).map(([path, text]) => [path.replace(/^\.\//, ''), text]));

describe('the console’s layers', () => {
  it('keeps every import downhill, each feature to itself, and only main.tsx in src/', () => {
    expect(Object.keys(files)).toContain('features/members/member-page.tsx');
    expect(layerViolations(files)).toEqual([]);
  });
});

describe('layerViolations', () => {
  const page = "import { Amount } from '../../components/amount.tsx';\nexport function Page() {}\n";

  it('finds static, type-only, re-exported and lazy imports, and leaves packages alone', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type {\n  B,\n  C,\n} from '../b.ts';",
      "export { d } from '../../d.ts';",
      "import './side-effect.ts';",
      "const E = lazy(() => import('../e/page.tsx'));",
      "import { useState } from 'react';",
    ].join('\n');
    expect(relativeImports(source).sort()).toEqual(
      ['../../d.ts', '../b.ts', '../e/page.tsx', './a.ts', './side-effect.ts'].sort(),
    );
    expect(resolveImport('features/a/page.tsx', '../../lib/api.ts')).toBe('lib/api.ts');
    expect(resolveImport('main.tsx', '../outside.ts')).toBeNull();
  });

  it('accepts a tree that keeps the rules', () => {
    expect(
      layerViolations({
        'main.tsx': "import { App } from './app/app.tsx';",
        'app/routes.tsx': "const A = lazy(() => import('../features/a/page.tsx'));",
        'features/a/page.tsx': page,
        'features/a/page.test.tsx':
          "import { Page } from './page.tsx';\nimport { render } from '../../test/render.tsx';",
        'features/b/page.test.tsx': "import { Routes } from '../../app/routes.tsx';",
        'components/amount.tsx': "import { groupDigits } from '../lib/figures.ts';",
        'test/render.tsx': "import { App } from '../app/app.tsx';",
      }),
    ).toEqual([]);
  });

  it('reports planted violations, one line each', () => {
    expect(
      layerViolations({
        'features/a/page.tsx': "import { Other } from '../b/page.tsx';",
        'features/b/page.tsx': "import { NS } from '../../app/i18n.ts';",
        'features/b/page.test.tsx': "import { A } from '../a/page.tsx';",
        'components/table.tsx': "import { NS } from '../features/a/i18n.ts';",
        'lib/format.ts': "import { Amount } from '../components/amount.tsx';",
        'i18n/common.ts': "import { api } from '../lib/api.ts';",
        'lib/api.ts': "import { mockApi } from '../test/fetch.ts';",
        'test/fixtures.ts': "import { Page } from '../features/a/page.tsx';",
        'console-shell.tsx': page,
      }),
    ).toEqual([
      'features/a/page.tsx imports features/b/page.tsx: a feature imports another feature',
      'features/b/page.tsx imports app/i18n.ts: features is below app',
      'features/b/page.test.tsx imports features/a/page.tsx: a feature imports another feature',
      'components/table.tsx imports features/a/i18n.ts: components is below features',
      'lib/format.ts imports components/amount.tsx: lib is below components',
      'i18n/common.ts imports lib/api.ts: i18n is below lib',
      'lib/api.ts imports test/fetch.ts: src/test/ is for tests only',
      'test/fixtures.ts imports features/a/page.tsx: src/test/ imports no feature',
      'console-shell.tsx: only main.tsx lives in src/ itself',
    ]);
  });
});
