import type { TestApp } from './app.ts';

/**
 * Every route of the app as `METHOD /path` (HEAD left out), read from Fastify's printed route tree:
 * each line adds a segment to its parent's path.
 */
export function routesOf(app: TestApp): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    const path = (depth ? stack[depth - 1] : '') + (match[2] as string);
    stack.length = depth;
    stack.push(path);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}
