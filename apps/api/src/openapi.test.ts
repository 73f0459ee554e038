import { createRequire } from 'node:module';
import { API_BASE } from '@minecloud/contract/api-paths';
import { ERROR_CODES, type ErrorName, HTTP_STATUS } from '@minecloud/contract/errors';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { LightMyRequestResponse as LightResponse } from 'fastify';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../test/app.ts';
import { newMember } from '../test/money.ts';
import { BODY_LIMIT } from './app.ts';
import { RESERVE_UPLOAD_BODY_LIMIT } from './modules/transparency/reserve-admin.ts';

/**
 * `/docs/json` tells clients the truth. Every operation is named and summarized, says
 * which token it needs as its guard really decides, and describes every answer it can give in the
 * envelope; the document passes Redocly's recommended rules and yields a typed client that compiles.
 */

type Schema = {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minimum?: number;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  $ref?: string;
};
type Parameter = { in: string; name: string; required?: boolean; schema: Schema; description?: string };
type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, { content: { [k: string]: { schema: Schema } } }>;
  };
};

let app: TestApp;
let doc: Document;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  app = await buildTestApp({
    DOCS_ENABLED: 'true',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    RATE_LIMIT_MONEY_PER_MINUTE: '100000',
  });
  doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op })),
  );
}, 120_000);
afterAll(() => app.close());

const name = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`;
const refName = (ref: string | undefined) => ref?.split('/').pop() as string;
const codesOfSchema = (schema: Schema) => (schema.properties?.code?.enum ?? []) as number[];
/** The codes an answer of `status` may carry, as the document says. */
function documentedCodes(op: Operation, status: string): number[] {
  const answer = op.responses[status] ?? op.responses.default;
  if (answer?.$ref) {
    const response = doc.components.responses[refName(answer.$ref)];
    return codesOfSchema(doc.components.schemas[refName(response?.content['application/json']?.schema.$ref)] as Schema);
  }
  const branches = answer?.content?.['application/json']?.schema.oneOf ?? [];
  return branches.flatMap((b) => codesOfSchema(b.$ref ? (doc.components.schemas[refName(b.$ref)] as Schema) : b));
}

const TABLE = Object.keys(ERROR_CODES) as ErrorName[];
/**
 * An answer is documented by its own status with its code, or by `default`: any other refusal, at
 * the HTTP status the error table gives its code.
 */
function expectDocumented(at: { method: string; path: string; op: Operation }, res: LightResponse) {
  const status = String(res.statusCode);
  if (at.path.endsWith('.csv') && status === '200') return;
  const { code, data } = res.json() as { code: number; data: unknown };
  if (status in at.op.responses) {
    expect([0, ...documentedCodes(at.op, status)], `${name(at)} → ${res.body}`).toContain(code);
  } else {
    const named = TABLE.find((n) => ERROR_CODES[n] === code) as ErrorName;
    expect({ status: HTTP_STATUS[named], data }, `${name(at)} → ${res.body}`).toEqual({
      status: res.statusCode,
      data: null,
    });
    expect(documentedCodes(at.op, 'default')).toContain(code);
  }
}

/** A small value each schema accepts, so that a call gets past validation to its guard. */
const STRINGS = [
  '1',
  '123456',
  'member@example.com',
  `0x${'1'.repeat(40)}`,
  'x',
  // A push subscription: its endpoint, P-256 key and auth secret.
  'https://push.example.com/1',
  `B${'A'.repeat(86)}`,
  'A'.repeat(22),
];
function sample(schema: Schema): unknown {
  const branch = schema.anyOf?.find((s) => s.type !== 'null');
  if (branch) return sample(branch);
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.type === 'object') {
    return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {})]));
  }
  if (schema.type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
  if (schema.type === 'integer' || schema.type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (schema.type === 'boolean') return false;
  return STRINGS.find(
    (s) =>
      (!schema.pattern || new RegExp(schema.pattern).test(s)) &&
      s.length >= (schema.minLength ?? 0) &&
      s.length <= (schema.maxLength ?? 1e9),
  );
}

/** A call of the operation with the smallest input it takes; path parameters from `id`. */
function request({ method, path, op }: { method: string; path: string; op: Operation }, id = (_name: string) => '1') {
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) if (p.in === 'query' && p.required) query.set(p.name, String(sample(p.schema)));
  const url = `${path.replace(/\{(\w+)\}/g, (_, param: string) => id(param))}${query.size ? `?${query}` : ''}`;
  const body = op.requestBody?.content['application/json']?.schema;
  return { method: method.toUpperCase() as 'GET', url, ...(body ? { payload: sample(body) as object } : {}) };
}

describe('the OpenAPI document', () => {
  it('names and summarizes every operation, each id once', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const { op, ...at } of operations) {
      expect(op.operationId, name(at)).toMatch(/^(get|post|put|delete)(App|Market|Admin)[A-Z]\w*$/);
      expect(op.summary?.length, name(at)).toBeGreaterThan(3);
    }
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes the envelope answers of every operation, with the codes of the error table', () => {
    const refusals = ['400', '500', '503', 'default'];
    for (const { op, ...at } of operations) {
      expect(Object.keys(op.responses), name(at)).toEqual(expect.arrayContaining(['200', ...refusals]));
      // A call that answers another type (a CSV, the event stream, an image) names it instead.
      const media = Object.keys(op.responses['200']?.content ?? {});
      if (!media.includes('application/json')) {
        expect(media, name(at)).toEqual([expect.stringMatching(/^(text\/csv|text\/event-stream|image\/\*)$/)]);
        continue;
      }
      // 200 is the success (code 0) or a refusal by a business rule (data null).
      const [success, refusal] = op.responses['200']?.content?.['application/json']?.schema.oneOf ?? [];
      expect(success?.properties?.code?.enum, name(at)).toEqual([0]);
      expect(refName(refusal?.$ref), name(at)).toBe('Refusal200');
    }
    for (const status of [200, 400, 401, 403, 413, 429, 500, 503]) {
      const codes = TABLE.filter((n) => HTTP_STATUS[n] === status).map((n) => ERROR_CODES[n]);
      expect(codesOfSchema(doc.components.schemas[`Refusal${status}`] as Schema), String(status)).toEqual(codes);
      expect(doc.components.schemas[`Refusal${status}`]?.properties?.data).toEqual({ type: 'null' });
    }
    expect(codesOfSchema(doc.components.schemas.Refusal as Schema)).toEqual(Object.values(ERROR_CODES));
  });

  it('marks public calls as needing no token, and the others as their guard decides', async () => {
    for (const at of operations) {
      const res = await app.inject(request(at));
      const scheme = at.path.startsWith(API_BASE.admin) ? 'console' : 'bearer';
      if (at.op.security?.length) {
        expect(at.op.security, name(at)).toEqual([{ [scheme]: [] }]);
        expect(res.statusCode, `${name(at)} → ${res.body}`).toBe(401);
        // The guard refused, not the call: a member's token gets past it. (The console's roles and
        // sessions are checked route by route in modules/admin/access.test.ts.)
        if (scheme === 'bearer') {
          const again = await app.inject({ ...request(at), headers: (await newMember(app)).headers });
          expect(again.statusCode, `${name(at)} → ${again.body}`).not.toBe(401);
        }
      } else {
        expect(at.op.security, name(at)).toEqual([]);
        // A public call may still refuse its input with 401 (a wrong password): a token changes nothing.
        if (res.statusCode === 401) {
          const token = at.path.startsWith(API_BASE.admin) ? await operatorToken(app) : (await newMember(app)).token;
          const again = await app.inject({ ...request(at), headers: { authorization: `Bearer ${token}` } });
          expect(again.statusCode, `${name(at)} → ${again.body}`).toBe(401);
        }
      }
      expectDocumented(at, res);
    }
  }, 120_000);

  it('names the Idempotency-Key header of the money calls, with its replay window', () => {
    const keyed = operations.filter(({ op }) => op.parameters?.some((p) => p.name === 'Idempotency-Key'));
    const names = keyed.map(name);
    expect(names).toContain(`POST ${API_BASE.main}asset/send`);
    expect(names).toContain(`POST ${API_BASE.main}asset/topup`);
    expect(names).toContain(`POST ${API_BASE.admin}ledger/adjust`);
    for (const at of keyed) {
      expect(at.method, name(at)).toBe('post');
      const header = at.op.parameters?.find((p) => p.name === 'Idempotency-Key') as Parameter;
      expect(header, name(at)).toMatchObject({
        in: 'header',
        required: true,
        schema: { pattern: '^[\\w.:-]{8,128}$' },
      });
      expect(header.description).toContain('idempotency.replayDays');
    }
  });

  it('describes what calls on an unknown id answer', async () => {
    const headers = { authorization: `Bearer ${await operatorToken(app)}` };
    const named = operations.filter(({ path }) => path.includes('{'));
    expect(named.length).toBeGreaterThan(10);
    const statuses = new Set<number>();
    for (const at of named) {
      const unknown = request(at, (param) => (param === 'key' ? 'no.such.key' : '999999999'));
      const res = await app.inject({ ...unknown, headers });
      statuses.add(res.statusCode);
      expectDocumented(at, res);
    }
    expect([...statuses]).toContain(404);
  });

  it('says which calls refuse a body over the limit with 413, as they do', async () => {
    const headers = { authorization: `Bearer ${await operatorToken(app)}`, 'content-type': 'application/json' };
    // Over every JSON call's limit: the reserves upload takes more than the others.
    const payload = JSON.stringify('x'.repeat(Math.max(BODY_LIMIT, RESERVE_UPLOAD_BODY_LIMIT)));
    for (const at of operations) {
      const res = await app.inject({
        method: at.method.toUpperCase() as 'POST',
        url: request(at).url,
        headers,
        payload,
      });
      expect(res.statusCode === 413, `${name(at)} → ${res.statusCode}`).toBe('413' in at.op.responses);
    }
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('yields a typed client (openapi-typescript) that tsc compiles, refusals included', async () => {
    const client = astToString(await openapiTS(doc as unknown as OpenAPI3));
    const usage = [
      "import type { operations, paths } from './client.ts';",
      "type Gift = paths['/app-api/asset/send']['post']['responses']['200']['content']['application/json'];",
      "export const sent: Gift = { code: 0, data: { transferId: '7' }, msg: '' };",
      "export const refused: Gift = { code: 1010, data: null, msg: 'Insufficient balance' };",
      '// @ts-expect-error: a success carries its data',
      "export const wrong: Gift = { code: 0, data: null, msg: '' };",
      "type Nonce = operations['getAppNonce']['responses']['429']['content']['application/json'];",
      "export const limited: Nonce = { code: 429, data: null, msg: '' };",
    ].join('\n');
    expect(await typeErrors({ 'client.ts': client, 'usage.ts': usage })).toEqual([]);
  }, 60_000);
});

/** The repository's own tsc (TypeScript 7, its API) checks the files in memory. */
async function typeErrors(files: Record<string, string>): Promise<string[]> {
  const root = '/openapi-client';
  const virtual: Record<string, string> = {
    [`${root}/tsconfig.json`]: JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        allowImportingTsExtensions: true,
        types: [],
      },
      files: Object.keys(files),
    }),
    ...Object.fromEntries(Object.entries(files).map(([file, text]) => [`${root}/${file}`, text])),
  };
  const inRoot = (path: string) => path === root || path.startsWith(`${root}/`);
  const fs = {
    readFile: (path: string) => virtual[path] ?? (inRoot(path) ? null : undefined),
    fileExists: (path: string) => (inRoot(path) ? path in virtual : undefined),
    directoryExists: (path: string) => (path === root ? true : inRoot(path) ? false : undefined),
    getAccessibleEntries: (path: string) =>
      path === root ? { files: [...Object.keys(files), 'tsconfig.json'], directories: [] } : undefined,
    realpath: (path: string) => (inRoot(path) ? path : undefined),
  };
  // From the repository's root: apps/api also holds the TypeScript 5 that openapi-typescript needs.
  const rootRequire = createRequire(new URL('../../../package.json', import.meta.url));
  const { API } = (await import(rootRequire.resolve('typescript/unstable/sync'))) as { API: TsApi };
  const api = new API({ cwd: root, fs });
  try {
    const project = api.updateSnapshot({ openProjects: [`${root}/tsconfig.json`] }).getProject(`${root}/tsconfig.json`);
    const program = project?.program;
    if (!program) return ['no project'];
    return [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()].map(
      (d) => `${d.fileName}: ${d.text}`,
    );
  } finally {
    api.close();
  }
}

type Diagnostic = { fileName?: string; text: string };
type TsApi = new (options: {
  cwd: string;
  fs: object;
}) => {
  updateSnapshot(params: { openProjects: string[] }): {
    getProject(
      file: string,
    ): { program: { getSyntacticDiagnostics(): Diagnostic[]; getSemanticDiagnostics(): Diagnostic[] } } | undefined;
  };
  close(): void;
};
