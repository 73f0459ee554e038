import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importRuleViolations, SOURCES } from './import-rules.ts';

// Each rule of .dependency-cruiser.cjs fails on a planted violation, in a tree written to a
// temporary folder (so neither biome, tsc nor `npm run lint` sees it), laid out like the repo.
// A cruise of the three apps takes about 3 s alone, a planted tree far less, but either takes longer
// beside the other test files on two cores.
vi.setConfig({ testTimeout: 60_000 });

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function violationsIn(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const planted = {
    // The apps' aliases, as their tsconfigs declare them; tsc wants an input besides.
    'apps/web/tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } }, include: ['src'] }),
    'apps/admin/tsconfig.json': JSON.stringify({
      compilerOptions: { paths: { '@/*': ['./src/*'] } },
      include: ['src'],
    }),
    'apps/web/src/main.tsx': 'export {};\n',
    ...files,
  };
  for (const [file, text] of Object.entries(planted)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const dirs = SOURCES.filter((dir) => Object.keys(files).some((file) => file.startsWith(`${dir}/`)));
  return (await importRuleViolations(root, dirs)).violations.sort();
}

/** `files` under one app's src/, each exporting something. */
const under = (src: string, files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([file, text]) => [`${src}/${file}`, `${text}\nexport const x = 1;\n`]));

describe('the real tree', () => {
  it('keeps every import rule', async () => {
    const { violations, modules } = await importRuleViolations();
    expect(modules).toBeGreaterThan(900);
    expect(violations).toEqual([]);
  });
});

describe('the API rules', () => {
  const api = (files: Record<string, string>) => under('apps/api/src', files);

  it('report a planted import across each boundary, and let the allowed ones pass', async () => {
    const violations = await violationsIn(
      api({
        'lib/errors.ts': '',
        'lib/metrics.ts': "import { x as check } from '../ledger/check.ts';\nimport { x as e } from './errors.ts';",
        'ledger/check.ts': "import type { x } from '../money/route.ts';",
        'money/route.ts': '',
        'db/client.ts': "import { x as s } from './schema/ledger.ts';",
        'db/schema/ledger.ts': "import { x as e } from '../../lib/errors.ts';",
        'jobs/index.ts': "import { x as e } from '../lib/errors.ts';",
        'modules/admin/routes.ts': "import { x as j } from '../../jobs/index.ts';",
        'modules/wallet/review.ts': "const jobs = await import('../../jobs/index.ts');",
        'modules/market/types.ts': '',
        'modules/market/poll.ts': "import { x as f } from './sources/feed.ts';",
        'modules/market/sources/feed.ts':
          "import type { x } from '../types.ts';\nimport { x as e } from '../../../lib/errors.ts';",
        'plugins/auth.ts': "import { x as h } from './health.ts';",
        'plugins/health.ts': '',
        'app.ts': "import { x as a } from './plugins/auth.ts';",
        'server.ts': "import { x as h } from './plugins/health.ts';",
        // Tests are not cruised: a test may register a plugin.
        'modules/wallet/review.test.ts': "import { x as a } from '../../plugins/auth.ts';",
      }),
    );
    expect(violations).toEqual([
      'api-db-imports-db-only: apps/api/src/db/schema/ledger.ts -> apps/api/src/lib/errors.ts',
      'api-ledger-below-calls: apps/api/src/ledger/check.ts -> apps/api/src/money/route.ts',
      'api-lib-is-a-leaf: apps/api/src/lib/metrics.ts -> apps/api/src/ledger/check.ts',
      'api-only-admin-imports-jobs: apps/api/src/modules/wallet/review.ts -> apps/api/src/jobs/index.ts',
      'api-only-app-registers-plugins: apps/api/src/server.ts -> apps/api/src/plugins/health.ts',
      'api-subfolder-stays-inside: apps/api/src/modules/market/sources/feed.ts -> apps/api/src/lib/errors.ts',
    ]);
  });

  it('report a loop between folders that no file closes on its own', async () => {
    const loop = {
      'modules/pool/service.ts': "import { x as t } from '../team/service.ts';",
      'modules/team/service.ts': "import { x as p } from '../pool/limits.ts';",
      'modules/pool/limits.ts': '',
    };
    expect(await violationsIn(api(loop))).toEqual([
      'api-no-folder-loop: apps/api/src/modules/pool -> apps/api/src/modules/team',
      'api-no-folder-loop: apps/api/src/modules/team -> apps/api/src/modules/pool',
    ]);
    rmSync(root, { recursive: true, force: true });
    expect(await violationsIn(api({ ...loop, 'modules/team/service.ts': '' }))).toEqual([]);
  });
});

describe('the member app rules', () => {
  it('report a planted violation of each, by every form of import, and let the allowed ones pass', async () => {
    const violations = await violationsIn(
      under('apps/web/src', {
        'features/mining/api/buy.ts': '',
        'features/mining/lib/a.ts': '',
        'features/mining/testing/fixtures.ts': '',
        'features/equity/pages/page.tsx': '',
        'features/assets/lib/balances.ts': '',
        'features/team/api/team.ts': '',
        'features/auth/lib/wallets.ts': '',
        'lib/c.ts': '',
        'test/fixtures/money.ts': '',
        'lib/money.ts': "import { x as buy } from '@/features/mining/api/buy';",
        'components/sheet.tsx': "export const load = () => import('../features/equity/pages/page');",
        'api/get-balances.ts': "export * from '@/features/assets/lib/balances';",
        'i18n/labels.ts': "import type { x } from '@/features/team/api/team';",
        'config/flags.ts': "import { x as t } from '../features/team/api/team';",
        'lib/share.test.ts': "vi.mock('@/features/team/api/team', () => ({}));",
        'api/unread-count.ts': '',
        'lib/live-stream.ts': "import { x as keys } from '@/api/unread-count';",
        'components/claim.tsx': "import { x as claim } from '../api/unread-count';",
        'features/equity/pages/p.test.tsx': "import { x as f } from '../../mining/testing/fixtures';",
        'features/pool/x.ts': "import type { x } from '@/features/team/api/team';",
        // Allowed: inside one feature, down to the shared folders, app/ and src/test/ over the features.
        'features/mining/pages/mining-page.tsx':
          "import { x as a } from '../lib/a';\nimport { x as b } from '@/features/mining/api/buy';\nimport { x as c } from '@/lib/c';",
        'features/equity/pages/p2.test.tsx': "import { x as m } from '@/test/fixtures/money';",
        'app/router.tsx': "import { x as m } from '@/features/mining/pages/mining-page';",
        'test/test-wallet.ts': "import type { x } from '@/features/auth/lib/wallets';",
      }),
    );
    const W = 'apps/web/src';
    expect(violations).toEqual(
      [
        `web-feature-imports-no-feature: ${W}/features/equity/pages/p.test.tsx -> ${W}/features/mining/testing/fixtures.ts`,
        `web-feature-imports-no-feature: ${W}/features/pool/x.ts -> ${W}/features/team/api/team.ts`,
        `web-shared-imports-no-feature: ${W}/api/get-balances.ts -> ${W}/features/assets/lib/balances.ts`,
        `web-shared-imports-no-feature: ${W}/components/sheet.tsx -> ${W}/features/equity/pages/page.tsx`,
        `web-shared-imports-no-feature: ${W}/config/flags.ts -> ${W}/features/team/api/team.ts`,
        `web-shared-imports-no-feature: ${W}/i18n/labels.ts -> ${W}/features/team/api/team.ts`,
        `web-shared-imports-no-feature: ${W}/lib/money.ts -> ${W}/features/mining/api/buy.ts`,
        `web-shared-imports-no-feature: ${W}/lib/share.test.ts -> ${W}/features/team/api/team.ts`,
        `web-leaves-import-no-api-call: ${W}/components/claim.tsx -> ${W}/api/unread-count.ts`,
        `web-leaves-import-no-api-call: ${W}/lib/live-stream.ts -> ${W}/api/unread-count.ts`,
      ].sort(),
    );
  });
});

describe('the console rules', () => {
  it('accept a tree that keeps them', async () => {
    expect(
      await violationsIn(
        under('apps/admin/src', {
          'main.tsx': "import { x as a } from './app/app.tsx';",
          'app/app.tsx': '',
          'app/routes.tsx': "const A = () => import('../features/a/page.tsx');",
          'features/a/page.tsx': "import { x as a } from '@/components/amount';",
          'features/a/pages/a-page.tsx':
            "import { x as g } from '../api/get-a';\nimport { x as k } from '../api/query-keys';",
          'features/a/api/get-a.ts': "import { x as api } from '@/lib/api';\nimport { x as k } from './query-keys';",
          'features/a/api/query-keys.ts': '',
          'lib/api.ts': '',
          'components/paged-table.tsx': "import { x as api } from '../lib/api.ts';",
          'features/a/page.test.tsx':
            "import { x as p } from './page.tsx';\nimport { x as r } from '../../test/render.tsx';",
          'features/b/page.test.tsx': "import { x as r } from '../../app/routes.tsx';",
          'lib/figures.test.ts': "import { x as r } from '../app/app.tsx';",
          'components/amount.tsx': "import { x as f } from '../lib/figures.ts';",
          'lib/figures.ts': "import { x as t } from '../i18n/common.ts';",
          'i18n/common.ts': '',
          'test/render.tsx': "import { x as a } from '../app/app.tsx';",
        }),
      ),
    ).toEqual([]);
  });

  it('report a planted violation of each', async () => {
    const violations = await violationsIn(
      under('apps/admin/src', {
        'main.tsx': '',
        'app/i18n.ts': '',
        'components/amount.tsx': '',
        'test/fetch.ts': '',
        'features/a/page.tsx': "import { x as o } from '../b/page.tsx';",
        'features/b/page.tsx': "import { x as n } from '../../app/i18n.ts';",
        'features/b/page.test.tsx': "import type { x } from '../a/page.tsx';",
        'features/b/main.test.tsx': "import { x as m } from '../../main.tsx';",
        'components/table.tsx': "import { x as n } from '@/features/a/i18n';",
        'features/a/i18n.ts': '',
        'lib/format.ts': "import { x as a } from '../components/amount.tsx';",
        'i18n/common.ts': "import { x as a } from '../lib/api.ts';",
        'lib/api.ts': "import { x as m } from '../test/fetch.ts';",
        'test/fixtures.ts': "import { x as p } from '../features/a/page.tsx';",
        'features/a/pages/list-page.tsx': "import { x as api } from '@/lib/api';",
        'features/b/components/modal.tsx': "const load = () => import('../../../lib/api.ts');",
        'features/b/lib/rows.ts': "import type { x } from '@/lib/api';",
      }),
    );
    const C = 'apps/admin/src';
    expect(violations).toEqual(
      [
        `console-feature-imports-no-feature: ${C}/features/a/page.tsx -> ${C}/features/b/page.tsx`,
        `console-feature-imports-no-feature: ${C}/features/b/page.test.tsx -> ${C}/features/a/page.tsx`,
        `console-feature-calls-in-api: ${C}/features/a/pages/list-page.tsx -> ${C}/lib/api.ts`,
        `console-feature-calls-in-api: ${C}/features/b/components/modal.tsx -> ${C}/lib/api.ts`,
        `console-feature-calls-in-api: ${C}/features/b/lib/rows.ts -> ${C}/lib/api.ts`,
        `console-layers-downhill: ${C}/features/b/page.tsx -> ${C}/app/i18n.ts`,
        `console-layers-downhill: ${C}/features/b/main.test.tsx -> ${C}/main.tsx`,
        `console-layers-downhill: ${C}/components/table.tsx -> ${C}/features/a/i18n.ts`,
        `console-layers-downhill: ${C}/lib/format.ts -> ${C}/components/amount.tsx`,
        `console-layers-downhill: ${C}/i18n/common.ts -> ${C}/lib/api.ts`,
        `console-test-helpers-for-tests: ${C}/lib/api.ts -> ${C}/test/fetch.ts`,
        `console-test-helpers-import-no-feature: ${C}/test/fixtures.ts -> ${C}/features/a/page.tsx`,
      ].sort(),
    );
  });
});

describe('both front ends', () => {
  it('report two files that import each other, through a chain or a lazy import, in either app', async () => {
    const violations = await violationsIn({
      ...under('apps/web/src', {
        'lib/dialog.ts': "export const load = () => import('./overlays');",
        'lib/overlays.ts': "import { x as p } from './prompt';",
        'lib/prompt.tsx': "import type { x } from './dialog';",
        // Allowed: a file the two both import, importing neither.
        'lib/types.ts': '',
        'lib/a.ts': "import type { x } from './types';",
        'lib/b.ts': "import { x as a } from './a';\nimport type { x as t } from './types';",
      }),
      ...under('apps/admin/src', {
        'components/modal.tsx': "import { x as f } from './frame.tsx';",
        'components/frame.tsx': "import { x as m } from './modal.tsx';",
      }),
    });
    // dependency-cruiser names each loop once, by one of its imports.
    const loops = violations.filter((line) => line.startsWith('front-end-no-file-loop:'));
    expect(loops).toHaveLength(2);
    expect(loops[0]).toMatch(/^front-end-no-file-loop: apps\/admin\/src\/components\/(modal|frame)\.tsx -> /);
    expect(loops[1]).toMatch(/^front-end-no-file-loop: apps\/web\/src\/lib\/(dialog\.ts|overlays\.ts|prompt\.tsx) -> /);
  });
});
