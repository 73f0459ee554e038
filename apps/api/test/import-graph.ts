import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { initSync, parse } from 'es-module-lexer';

initSync();

/** A source file: its path relative to the root (with `/`), and its text. */
export type Source = { file: string; text: string };

/**
 * Which folder imports which: for every folder, the folders it imports, each with the imports that
 * make the edge (`file -> imported file`). Imports within one folder are not edges.
 */
export type FolderGraph = Map<string, Map<string, string[]>>;

/** A boundary: no folder matching `from` may import a folder matching `to`. */
export type Rule = { from: RegExp; to: RegExp };

/** The TypeScript files under `root` that are not tests, relative to it. */
export function sourcesUnder(root: string): Source[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}

/**
 * The node a file belongs to: `modules/<area>` for a module's files, the top-level folder for any
 * other (`lib`, `ledger`, …), and the file itself for a file at the root (`app.ts`).
 */
export function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return file;
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0] as string;
}

/**
 * The files a source imports by a relative path (imports, type imports, re-exports and dynamic
 * imports of a literal), relative to the root. Packages, and paths that leave the root, are not
 * followed.
 */
export function importsOf(source: Source): string[] {
  const [imports] = parse(source.text, source.file);
  return imports
    .map((entry) => entry.n)
    .filter((specifier): specifier is string => specifier?.startsWith('.') === true)
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(source.file), specifier)))
    .filter((file) => !file.startsWith('..'));
}

export function folderGraph(sources: Source[]): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const source of sources) {
    const from = folderOf(source.file);
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const imported of importsOf(source)) {
      const to = folderOf(imported);
      if (to === from) continue;
      edges.set(to, [...(edges.get(to) ?? []), `${source.file} -> ${imported}`]);
    }
  }
  return graph;
}

/** Every edge that breaks a rule, as `from -> to: file -> imported file, …`. */
export function brokenRules(graph: FolderGraph, rules: Rule[]): string[] {
  const broken: string[] = [];
  for (const [from, edges] of graph) {
    for (const [to, files] of edges) {
      if (rules.some((rule) => rule.from.test(from) && rule.to.test(to))) {
        broken.push(`${from} -> ${to}: ${files.join(', ')}`);
      }
    }
  }
  return broken.sort();
}

/**
 * The loops of the folder graph, for each folder caught in one the shortest loop through it,
 * `a -> b -> a`, each step followed by up to three of the imports that make it.
 */
export function loops(graph: FolderGraph): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  for (const component of components(graph).filter((members) => members.length > 1)) {
    for (const start of component) {
      const cycle = shortestCycle(graph, component, start);
      const first = cycle.indexOf([...cycle].sort()[0] as string);
      const key = [...cycle.slice(first, -1), ...cycle.slice(0, first)].join(' -> ');
      if (seen.has(key)) continue;
      seen.add(key);
      const steps = cycle.slice(1).map((to, i) => {
        const from = cycle[i] as string;
        const files = graph.get(from)?.get(to) ?? [];
        const more = files.length > 3 ? `, … (${files.length} imports)` : '';
        return `  ${from} -> ${to}: ${files.slice(0, 3).join(', ')}${more}`;
      });
      found.push([cycle.join(' -> '), ...steps].join('\n'));
    }
  }
  return found;
}

/** Tarjan's strongly connected components, each sorted by name. */
function components(graph: FolderGraph): string[][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** The shortest way from `start` back to itself, inside its component. */
function shortestCycle(graph: FolderGraph, component: string[], start: string): string[] {
  const inside = new Set(component);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (next === start) {
        const back = [start];
        for (let at = node; at !== start; at = cameFrom.get(at) as string) back.push(at);
        return [...back, start].reverse();
      }
      if (inside.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}
