import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importsOf, importViolations, layerOf, readSourceTree, resolveImport } from './import-rules';

describe('importsOf', () => {
  it('finds static, re-exported, dynamic and mocked imports, but not text that only looks like one', () => {
    const text = [
      "import a from './a';",
      "import type { T } from '@/t';",
      "import './side.css';",
      "export { b } from '../b';",
      "export * from '@/c';",
      "const lazy = () => import('./d');",
      "vi.mock('@/e', () => ({}));",
      "// import x from './commented';",
      'const s = "import(\'./quoted\')";',
      'export const C = () => <p>{s}</p>;',
    ].join('\n');
    expect(importsOf({ path: 'lib/x.tsx', text })).toEqual(['./a', '@/t', './side.css', '../b', '@/c', './d', '@/e']);
  });
});

describe('the layer rules', () => {
  it('places a file by its folder and resolves what it names', () => {
    expect(layerOf('features/mining/components/buy-sheet.tsx')).toEqual({ kind: 'feature', name: 'mining' });
    expect(layerOf('components/purchase-sheet/available-usdt.tsx')).toEqual({ kind: 'base', name: 'components' });
    expect(layerOf('app/router.tsx')).toEqual({ kind: 'free', name: 'app' });
    expect(resolveImport('features/equity/pages/p.tsx', '../../mining/lib/purchase')).toBe(
      'features/mining/lib/purchase',
    );
    expect(resolveImport('lib/x.ts', '@/features/auth/api')).toBe('features/auth/api');
    expect(resolveImport('lib/x.ts', 'react')).toBeNull();
  });

  it('reports a planted violation of each rule, and lets the allowed imports pass', () => {
    const files = [
      { path: 'lib/money.ts', text: "import { buy } from '@/features/mining/api/buy';" },
      { path: 'components/sheet.tsx', text: "export const load = () => import('../features/equity/pages/page');" },
      { path: 'api/get-balances.ts', text: "export * from '@/features/assets/lib/balances';" },
      { path: 'features/equity/pages/p.test.tsx', text: "import { round } from '../../mining/testing/fixtures';" },
      { path: 'features/pool/x.ts', text: "vi.mock('@/features/team/api/team', () => ({}));" },
      // Allowed: inside one feature, down to the shared folders, app/ and src/test/ over the features.
      {
        path: 'features/mining/pages/mining-page.tsx',
        text: "import { a } from '../lib/a';\nimport { b } from '@/features/mining/api/b';\nimport { c } from '@/lib/c';",
      },
      { path: 'features/equity/pages/p2.test.tsx', text: "import { USER } from '@/test/fixtures/money';" },
      { path: 'app/router.tsx', text: "import { MiningPage } from '@/features/mining/pages/mining-page';" },
      { path: 'test/test-wallet.ts', text: "import type { Eip1193Provider } from '@/features/auth/lib/wallets';" },
    ];
    expect(importViolations(files).map(({ file, imports }) => `${file} -> ${imports}`)).toEqual([
      'lib/money.ts -> @/features/mining/api/buy',
      'components/sheet.tsx -> ../features/equity/pages/page',
      'api/get-balances.ts -> @/features/assets/lib/balances',
      'features/equity/pages/p.test.tsx -> ../../mining/testing/fixtures',
      'features/pool/x.ts -> @/features/team/api/team',
    ]);
  });
});

describe('readSourceTree', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads the .ts and .tsx files of a tree, so a violation planted on disk is found', () => {
    root = mkdtempSync(join(tmpdir(), 'web-layers-'));
    const plant = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    plant('components/x.tsx', "import { y } from '../features/wallet/lib/y';\n");
    plant('features/wallet/lib/y.ts', 'export const y = 1;\n');
    plant('components/x.css', '.x { color: red; }\n');
    plant('vite-env.d.ts', '/// <reference types="vite/client" />\n');
    const files = readSourceTree(root);
    expect(files.map((file) => file.path)).toEqual(['components/x.tsx', 'features/wallet/lib/y.ts']);
    expect(importViolations(files)).toEqual([
      { file: 'components/x.tsx', imports: '../features/wallet/lib/y', rule: 'components/ imports no feature' },
    ]);
  });
});
