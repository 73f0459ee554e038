import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { parseSync, Visitor } from 'vite';

/** A source file of the app: its path under `src/` (with `/`), and its text. */
export type SourceFile = { path: string; text: string };

/** One import that crosses a layer the wrong way. */
export type Violation = { file: string; imports: string; rule: string };

/** The folders below the features: shared by every page, they know no feature. */
const BASE_FOLDERS = new Set(['lib', 'components', 'api', 'i18n', 'config']);

/** What a path under `src/` belongs to: a feature, a base folder, or neither (`app/`, `test/`, `main.tsx`). */
export function layerOf(path: string): { kind: 'feature' | 'base' | 'free'; name: string } {
  const [top, second] = path.split('/');
  if (top === 'features' && second) return { kind: 'feature', name: second };
  if (top && BASE_FOLDERS.has(top)) return { kind: 'base', name: top };
  return { kind: 'free', name: top ?? '' };
}

/** Every module a file names: static imports and re-exports, `import()`, and `vi.mock`-style calls. */
export function importsOf(file: SourceFile): string[] {
  const parsed = parseSync(file.path, file.text);
  if (parsed.errors.length > 0) throw new Error(`${file.path}: ${parsed.errors[0]?.message}`);
  const found: string[] = [];
  const literal = (node: unknown) => {
    if (node && typeof node === 'object' && 'type' in node && node.type === 'Literal' && 'value' in node) {
      if (typeof node.value === 'string') found.push(node.value);
    }
  };
  new Visitor({
    ImportDeclaration: (node) => literal(node.source),
    ExportNamedDeclaration: (node) => literal(node.source),
    ExportAllDeclaration: (node) => literal(node.source),
    ImportExpression: (node) => literal(node.source),
    CallExpression: (node) => {
      const callee = node.callee;
      if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'vi') {
        literal(node.arguments[0]);
      }
    },
  }).visit(parsed.program);
  return found;
}

/** The path under `src/` a specifier names (`@/…` or relative), or null for a package. */
export function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return posix.normalize(specifier.slice(2));
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(from), specifier));
  return null;
}

/** Why `from` may not import `target` (both under `src/`), or null when it may. */
export function ruleBroken(from: string, target: string): string | null {
  const source = layerOf(from);
  const goal = layerOf(target);
  if (goal.kind !== 'feature') return null;
  if (source.kind === 'base') return `${source.name}/ imports no feature`;
  if (source.kind === 'feature' && source.name !== goal.name) {
    return 'a feature imports no other feature (shared test helpers live in src/test/)';
  }
  return null;
}

/** Every import in `files` that breaks a rule of the layers. */
export function importViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    for (const specifier of importsOf(file)) {
      const target = resolveImport(file.path, specifier);
      const rule = target === null ? null : ruleBroken(file.path, target);
      if (rule) violations.push({ file: file.path, imports: specifier, rule });
    }
  }
  return violations;
}

/** The `.ts`/`.tsx` files below `root`, with paths relative to it. */
export function readSourceTree(root: string): SourceFile[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => ({
      path: relative(root, join(root, name)).split(sep).join('/'),
      text: readFileSync(join(root, name), 'utf8'),
    }));
}
