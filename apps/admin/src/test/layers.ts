/**
 * The console's import rules, checked on source text (src/layers.test.ts). Paths are relative to
 * src/ (`features/members/member-page.tsx`). Layers, lowest first: a file imports its own layer or
 * lower ones, never higher:
 *
 *   i18n → lib → api → components → features → app → main.tsx
 *
 * - no feature imports another: what two features share lives in api/, components/, lib/ or i18n/;
 * - src/test/ (fixtures, render helpers) is for tests only, and imports no feature;
 * - tests may also render the app (app/), nothing else above their layer;
 * - the only module in src/ itself is main.tsx (tests and .d.ts files aside).
 */
const RANKS: Record<string, number> = { i18n: 0, lib: 1, api: 2, components: 3, features: 4, app: 5, root: 6 };

type Place = { path: string; layer: string; feature: string | null; test: boolean };

function placeOf(path: string): Place {
  const parts = path.split('/');
  const layer = parts.length === 1 ? 'root' : (parts[0] ?? 'root');
  return {
    path,
    layer,
    feature: layer === 'features' ? (parts[1] ?? null) : null,
    test: /\.test\.tsx?$/.test(path),
  };
}

/** `from`'s folder joined with a relative specifier; null when it leaves src/. */
export function resolveImport(from: string, specifier: string): string | null {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '.' || part === '') continue;
    if (part !== '..') parts.push(part);
    else if (parts.pop() === undefined) return null;
  }
  return parts.join('/');
}

const STATIC = /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative specifiers a module imports or re-exports, statically or with import(). */
export function relativeImports(source: string): string[] {
  const found = [...source.matchAll(STATIC), ...source.matchAll(DYNAMIC)].map((match) => match[1] ?? '');
  return found.filter((specifier) => specifier.startsWith('.'));
}

function ruleBroken(from: Place, to: Place): string | null {
  if (to.layer === 'test' && !from.test && from.layer !== 'test') return 'src/test/ is for tests only';
  if (from.layer === 'test') return to.layer === 'features' ? 'src/test/ imports no feature' : null;
  if (from.feature && to.feature && from.feature !== to.feature) return 'a feature imports another feature';
  const fromRank = RANKS[from.layer];
  const toRank = RANKS[to.layer];
  if (fromRank === undefined || toRank === undefined || toRank <= fromRank) return null;
  if (from.test && to.layer === 'app') return null;
  return `${from.layer} is below ${to.layer}`;
}

/** Every broken rule among `files` (path relative to src/ → source), one line each. */
export function layerViolations(files: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [path, source] of Object.entries(files)) {
    const from = placeOf(path);
    if (from.layer === 'root' && !from.test && path !== 'main.tsx' && !path.endsWith('.d.ts')) {
      problems.push(`${path}: only main.tsx lives in src/ itself`);
    }
    for (const specifier of relativeImports(source)) {
      const target = resolveImport(path, specifier);
      if (target === null) continue;
      const broken = ruleBroken(from, placeOf(target));
      if (broken) problems.push(`${path} imports ${target}: ${broken}`);
    }
  }
  return problems;
}
