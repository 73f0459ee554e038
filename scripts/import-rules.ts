// The second half of `npm run lint`: dependency-cruiser checks the import rules of .dependency-cruiser.cjs
// over the three apps' sources (docs/architecture.md, "Import rules, and what enforces them").
// scripts/import-rules.test.ts runs the same function over planted trees.
import { existsSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import type { IConfiguration, IReporterOutput } from 'dependency-cruiser';

// dependency-cruiser reads TypeScript and tsconfig files through TypeScript's JavaScript API, which
// TypeScript 7, the repo's compiler, no longer ships: its imports of `typescript` get TypeScript 5
// (the root devDependency `typescript-5`) instead. Nothing else sees it.
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (/^typescript(\/|$)/.test(specifier) && context.parentURL?.includes('/node_modules/dependency-cruiser/')) {
      return nextResolve(specifier.replace(/^typescript/, 'typescript-5'), context);
    }
    return nextResolve(specifier, context);
  },
});
const { cruise } = await import('dependency-cruiser');
const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');

const root = path.resolve(import.meta.dirname, '..');

/** The rules and options, as `npm run lint` uses them. */
export const CONFIG: IConfiguration = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

/** What `npm run lint` cruises, relative to the repo. */
export const SOURCES = ['apps/api/src', 'apps/web/src', 'apps/admin/src'];

/**
 * Every import under `dirs` (relative to `baseDir`) that breaks a rule, as `rule: from -> to`, and
 * how many modules were cruised.
 */
export async function importRuleViolations(baseDir = root, dirs = SOURCES) {
  const violations: string[] = [];
  let modules = 0;
  let exitCode = 0;
  for (const dir of dirs) {
    const cruised = await cruiseImports(baseDir, dir);
    if (typeof cruised.output === 'string') throw new Error('dependency-cruiser answered text, not its result');
    for (const { rule, from, to } of cruised.output.summary.violations)
      violations.push(`${rule.name}: ${from} -> ${to}`);
    modules += cruised.output.summary.totalCruised;
    exitCode ||= cruised.exitCode;
  }
  return { violations, modules, exitCode };
}

/**
 * One app's sources (`apps/<app>/src`), with that app's tsconfig when it has one: the member app and
 * the console each read `@/` as their own `src/`, so no one tsconfig resolves both.
 */
async function cruiseImports(
  baseDir: string,
  dir: string,
  outputType?: 'err-long',
): Promise<{ output: IReporterOutput['output']; exitCode: number }> {
  const options = CONFIG.options ?? {};
  const tsConfigFile = path.join(baseDir, path.dirname(dir), 'tsconfig.json');
  const tsConfig = existsSync(tsConfigFile) ? extractTSConfig(tsConfigFile) : null;
  const result = await cruise(
    [dir],
    {
      ...options,
      baseDir,
      ...(tsConfig ? { tsConfig: { fileName: tsConfigFile } } : {}),
      validate: true,
      ruleSet: CONFIG,
      ...(outputType ? { outputType } : {}),
    },
    {},
    // A baseUrl makes dependency-cruiser's tsconfig-paths plugin read `paths` relative to the
    // tsconfig's folder; without one it reads them relative to the working directory.
    tsConfig
      ? { tsConfig: { ...tsConfig, options: { ...tsConfig.options, baseUrl: path.dirname(tsConfigFile) } } }
      : {},
  );
  return { output: result.output, exitCode: result.exitCode };
}

if (process.argv[1] === import.meta.filename) {
  let failed = false;
  for (const dir of SOURCES) {
    const { output, exitCode } = await cruiseImports(root, dir, 'err-long');
    process.stdout.write(String(output));
    failed ||= exitCode !== 0;
  }
  process.exitCode = failed ? 1 : 0;
}
