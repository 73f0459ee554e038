/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API, type Diagnostic } from 'typescript/unstable/sync';
import { describe, expect, it } from 'vitest';

/**
 * The console names every setting and the member app every public one, as `Record<SettingKey, …>`
 * and `Record<PublicSettingKey, …>`. This compiles the two naming files against a settings.ts with
 * two settings more, a public term and an internal control, and expects each file to fail for what it
 * lacks, and nothing else: the console's for both, the member app's for the public one only.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SETTINGS_FILE = 'packages/contract/src/settings.ts';
const LABELS = 'apps/admin/src/features/config/lib/setting-labels.ts';
const NAMES = 'apps/web/src/features/transparency/lib/parameter-names.ts';
/**
 * A project of just the two files, with the member app's options; it exists only in memory. Each app
 * reads `@/` as its own src/: the member app's is tried first, then the console's (its `@/i18n`, a
 * folder the member app has without an index).
 */
const PROJECT = `${ROOT}packages/contract/settings-coverage.tsconfig.json`;
const PROJECT_TEXT = JSON.stringify({
  extends: '../../apps/web/tsconfig.json',
  compilerOptions: { paths: { '@/*': ['../../apps/web/src/*', '../../apps/admin/src/*'] } },
  include: [],
  files: [`../../${LABELS}`, `../../${NAMES}`],
});

function planted(): string {
  const source = readFileSync(`${ROOT}${SETTINGS_FILE}`, 'utf8');
  const opening = 'export const SETTING_KEYS = {\n';
  expect(source).toContain(opening);
  const added = [
    "  'test.publicTerm': { ...rate, default: '0.1', ...TERM, ...PLAIN },",
    "  'test.internalControl': { ...amount, default: '1', ...INTERNAL, ...RAISE_LOOSENS },",
  ];
  return source.replace(opening, `${opening}${added.join('\n')}\n`);
}

/** A diagnostic's message with the messages chained under it. */
function textOf(diagnostic: Diagnostic): string {
  return [diagnostic.text, ...(diagnostic.messageChain ?? []).map(textOf)].join('\n');
}

describe('settings coverage', () => {
  it('fails to compile a setting the console has no label for, or a public one the member app has no name for', () => {
    const settings = planted();
    const api = new API({
      cwd: ROOT,
      fs: {
        readFile: (file) => (file === PROJECT ? PROJECT_TEXT : file.endsWith(SETTINGS_FILE) ? settings : undefined),
        fileExists: (file) => (file === PROJECT ? true : undefined),
      },
    });
    try {
      const program = api.updateSnapshot({ openProjects: [PROJECT] }).getProject(PROJECT)?.program;
      expect(program).toBeDefined();
      const errors = program?.getSemanticDiagnostics() ?? [];
      const inFile = (file: string) => errors.filter((e) => e.fileName === `${ROOT}${file}`).map(textOf);
      expect(inFile(LABELS)).toEqual([
        expect.stringMatching(/missing the following properties .*"test\.internalControl", "test\.publicTerm"/),
      ]);
      expect(inFile(NAMES)).toEqual([expect.stringMatching(/Property '"test\.publicTerm"' is missing/)]);
      expect(errors).toHaveLength(2);
    } finally {
      api.close();
    }
  }, 60_000);
});
