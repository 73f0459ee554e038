import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API, API_BASE, MARKET_API } from '@minecloud/contract/api-paths';
import {
  API_SUMMARIES,
  type CallSummary,
  CONSOLE_PATHS,
  CONSOLE_SUMMARIES,
  MARKET_API_SUMMARIES,
} from '@minecloud/contract/api-summaries';
import type { Call } from '@minecloud/contract/calls';
import { SUCCESS_CODE } from '@minecloud/contract/envelope';
import { ERROR_CODES, type ErrorName, errorMessage, HTTP_STATUS } from '@minecloud/contract/errors';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document (`/docs/json`) as clients must read it. Only the document is shaped here:
 * what the server validates and sends stays with the routes. Every operation gets an operationId
 * and a summary from the contract's path constants, the security its guard really applies, and
 * the refusals it can answer, in the envelope of lib/error-handler.ts.
 */

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json> };
type Guard = 'public' | 'member' | 'operator';
/** What only the route knows, gathered by `transform` for `transformObject`. */
type RouteFacts = {
  guard: Guard;
  roleChecked: boolean;
  rateLimited: boolean;
  idempotencyKey: RegExp | undefined;
  /** The media type of an answer that is not the envelope (its declaration's `produces`). */
  produces: Call['produces'];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Idempotency-Key header the route requires (money/idempotency.ts), as it checks it. */
    idempotencyKey?: RegExp;
  }
}

/** The header of a money call, and what a repeat answers (docs/operations.md, section 5 "Idempotency keys"). */
function idempotencyKeyHeader(pattern: RegExp): Json {
  return {
    in: 'header',
    name: 'Idempotency-Key',
    required: true,
    schema: { type: 'string', pattern: pattern.source },
    description:
      'A new key for each intended call, the same for its retries. A repeat with the same key within the replay ' +
      "window (the idempotency.replayDays setting, 7 days by default) answers the first call's result and moves " +
      'nothing again; one with another body is refused (409). Keys older than the window are forgotten by a daily ' +
      'job: a repeat after that is a new call.',
  };
}

/** The security scheme of each guard: the member's token, or the console's. */
export const SECURITY: Record<Guard, Record<string, string[]>[]> = {
  public: [],
  member: [{ bearer: [] }],
  operator: [{ console: [] }],
};

const AREAS = [
  { area: 'app', base: API_BASE.main, paths: API, summaries: API_SUMMARIES },
  { area: 'market', base: API_BASE.market, paths: MARKET_API, summaries: MARKET_API_SUMMARIES },
  { area: 'admin', base: API_BASE.admin, paths: CONSOLE_PATHS, summaries: CONSOLE_SUMMARIES },
] as const;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every documented path → the name of its constant (`app` + `nonce`) and its summary. */
const CALLS = new Map<string, { id: string; summary: CallSummary }>();
for (const { area, base, paths, summaries } of AREAS) {
  for (const [name, path] of Object.entries(paths)) {
    const summary = (summaries as Record<string, CallSummary>)[name] as CallSummary;
    CALLS.set(openapiPath(`${base}${path}`), { id: `${area}${capitalized(name)}`, summary });
  }
}

/** The HTTP statuses of refusals, each with the codes it carries (the contract's error table). */
function codesAnswered(status: number): number[] {
  const names = Object.keys(ERROR_CODES) as ErrorName[];
  return names.filter((name) => HTTP_STATUS[name] === status).map((name) => ERROR_CODES[name]);
}

function refusalSchema(codes: number[]): Json {
  return {
    type: 'object',
    properties: {
      code: { type: 'integer', enum: codes },
      data: { type: 'null' },
      msg: { type: 'string', description: 'The reason, in the language of Accept-Language' },
    },
    required: ['code', 'data', 'msg'],
    additionalProperties: false,
  };
}

/** The refusal answer of one status (its code names the status, e.g. 404 → notFound). */
function refusalResponse(status: number): { name: string; response: Json; schema: Json } {
  const name = (Object.keys(ERROR_CODES) as ErrorName[]).find((n) => ERROR_CODES[n] === status) as ErrorName;
  const codes = codesAnswered(status);
  const code = codes.length > 1 ? `${status}, or the code of the rule that refused` : String(status);
  const description = `${errorMessage(name, 'en')}: code ${code}; data is null`;
  const ref = { $ref: `#/components/schemas/Refusal${status}` };
  return {
    name: capitalized(name),
    response: { description, content: { 'application/json': { schema: ref } } },
    schema: refusalSchema(codes),
  };
}

/** The statuses a route can refuse with, besides the business refusals every call may answer with 200. */
function refusalsOf(method: string, facts: RouteFacts): number[] {
  return [
    400,
    ...(facts.guard === 'public' ? [] : [401]),
    ...(facts.roleChecked ? [403] : []),
    ...(method === 'get' ? [] : [413]),
    ...(facts.rateLimited ? [429] : []),
    500,
    503,
  ];
}

/** What each media type a call `produces` is, for the document. */
const PRODUCED: Record<NonNullable<Call['produces']>, { description: string; schema: Json }> = {
  'text/csv': { description: 'The CSV file', schema: { type: 'string' } },
  'text/event-stream': { description: 'The event stream, until the client closes it', schema: { type: 'string' } },
  'image/*': { description: 'The image', schema: { type: 'string', format: 'binary' } },
};

function successOf(ok: Json | undefined, produces: Call['produces']): Json {
  if (produces) {
    const { description, schema } = PRODUCED[produces];
    return { description, content: { [produces]: { schema } } };
  }
  const media = (ok?.content as Record<string, { schema?: Json }> | undefined)?.['application/json'];
  if (!media?.schema) return ok ?? { description: 'Done' };
  const success = media.schema as Json & { properties?: Json };
  if (success.properties?.code) success.properties.code = { type: 'integer', enum: [SUCCESS_CODE] };
  const refusal = { $ref: '#/components/schemas/Refusal200' };
  const description = 'Done (code 0), or refused by a business rule (another code, data null)';
  return { description, content: { 'application/json': { schema: { oneOf: [success, refusal] } } } };
}

/** A query string that may be absent is still an object of parameters: `{}` or `null` → `{}`. */
function parametersOf(schema: unknown): unknown {
  const branches = (schema as { anyOf?: Json[] } | undefined)?.anyOf;
  const given = branches?.filter((branch) => branch.type !== 'null');
  return branches && given?.length === 1 ? given[0] : schema;
}

/** @fastify/swagger's options: the document's frame, and the transforms that shape it. */
export function openapiOptions(app: FastifyInstance): FastifyDynamicSwaggerOptions {
  const facts = new Map<string, RouteFacts>();

  const factsOf = (url: string, route: RouteOptions): RouteFacts => {
    const config = route.config;
    if (url.startsWith(API_BASE.admin)) {
      // installOperatorAccess: every console route needs a session but those marked public.
      const access = config?.access;
      return {
        guard: access === 'public' ? 'public' : 'operator',
        roleChecked: !access || typeof access === 'object',
        rateLimited: Boolean(config?.rateLimit),
        idempotencyKey: config?.idempotencyKey,
        produces: config?.declared?.produces,
      };
    }
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
    const member = hooks.includes(app.requireMember) || hooks.includes(app.requireSignedToken);
    const guard = member ? 'member' : 'public';
    const rateLimited = Boolean(config?.rateLimit || config?.limitInStatement);
    return {
      guard,
      roleChecked: false,
      rateLimited,
      idempotencyKey: config?.idempotencyKey,
      produces: config?.declared?.produces,
    };
  };

  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'MineCloud API',
        version: '1.0.0',
        description:
          'Every answer is the envelope `{ code, data, msg }`. Code 0 is success; any other code is a refusal with ' +
          '`data: null` and a localized `msg`, answered with the HTTP status the error table of the contract gives ' +
          'it: a business rule refuses with 200.',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: `A member's token from POST ${API_BASE.main}${API.login}`,
          },
          console: {
            type: 'http',
            scheme: 'bearer',
            description: `An operator's token from POST ${API_BASE.admin}${CONSOLE_PATHS.login}`,
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      // A route may declare no schema at all (a plain handler): it is still listed, with its guard.
      const schema = transformed.schema as (Json & { hide?: boolean; consumes?: string[]; body?: unknown }) | undefined;
      if (schema?.hide) return transformed;
      for (const method of [input.route.method].flat())
        facts.set(`${method.toLowerCase()} ${openapiPath(input.url)}`, factsOf(input.url, input.route));
      if (!schema) return transformed;
      if (schema.querystring) schema.querystring = parametersOf(schema.querystring);
      // A multipart upload is parsed by its handler; the document still names its one field.
      if (schema.consumes?.includes('multipart/form-data') && !schema.body) {
        schema.body = {
          type: 'object',
          properties: { file: { type: 'string', format: 'binary' } },
          required: ['file'],
        };
      }
      return transformed;
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = documentObject.openapiObject as Json & {
        paths: Record<string, Record<string, Operation>>;
        components: Json;
      };
      const responses: Record<string, Json> = {};
      const schemas: Record<string, Json> = { Refusal200: refusalSchema(codesAnswered(200)) };
      const refuse = (status: number) => {
        const { name, response, schema } = refusalResponse(status);
        responses[name] = response;
        schemas[`Refusal${status}`] = schema;
        return { $ref: `#/components/responses/${name}` };
      };
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const call = CALLS.get(path);
          const routeFacts = facts.get(`${method} ${path}`);
          // A route with its own swaggerTransform stays as it is: the tests name it.
          if (!routeFacts) continue;
          if (call) {
            operation.operationId = `${method}${capitalized(call.id)}`;
            operation.summary = typeof call.summary === 'string' ? call.summary : call.summary[method as 'get'];
          }
          operation.security = SECURITY[routeFacts.guard];
          if (routeFacts.idempotencyKey) {
            const parameters = (operation.parameters as Json[] | undefined) ?? [];
            operation.parameters = [...parameters, idempotencyKeyHeader(routeFacts.idempotencyKey)];
          }
          const refusals = refusalsOf(method, routeFacts);
          operation.responses = {
            '200': successOf(operation.responses?.['200'], routeFacts.produces),
            ...Object.fromEntries(refusals.map((status) => [String(status), refuse(status)])),
            default: { $ref: '#/components/responses/Refused' },
          };
        }
      }
      schemas.Refusal = refusalSchema(Object.values(ERROR_CODES));
      responses.Refused = {
        description: "Any other refusal, at its code's HTTP status (the contract's error table)",
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
      };
      document.components = {
        ...document.components,
        schemas: { ...(document.components.schemas as Json), ...schemas },
        responses,
      };
      return document;
    },
  };
}
