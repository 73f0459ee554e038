import type { z } from 'zod';
import type { OperatorRole } from './console.ts';

/**
 * One call of the API, declared once (docs/api.md, "Calls"): everything the server needs to
 * register it and a client needs to make it. Its path is the path table's (`API`), which the apps'
 * first pages load without any schema. The server registers a route from it
 * (apps/api/src/lib/declared-route.ts, or money/money-route.ts for a money call); the OpenAPI
 * document takes its summary and tag from it; the clients take their request and answer types
 * from it (`CallBody`, `CallQuery`, `CallAnswer`), importing it as a type only. `answer` is
 * required: a call declared without one fails typecheck.
 */
export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to its API's base (`API_BASE`), without a leading slash. */
  path: string;
  /** Its section of the OpenAPI document. */
  tag: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Who may call it: anyone, a signed-in member, a signed-in operator. */
  auth: 'public' | 'member' | 'operator';
  /**
   * An operator's call: the roles that may make it besides the owner (none: the owner's alone), or
   * `setup` for any signed-in operator, even one whose password or TOTP is still to be set.
   */
  operators?: 'setup' | readonly OperatorRole[];
  /**
   * Whether it moves money. A member's money call is a POST that needs an Idempotency-Key and is
   * rate-limited per member (money/money-route.ts registers it, and nothing else may); an
   * operator's (a ledger adjustment) is registered with the Idempotency-Key it requires.
   */
  money: boolean;
  /**
   * The media type of an answer that is not the JSON envelope (a CSV file, the event stream, an
   * image): the route sends it itself, and `answer` describes its body.
   */
  produces?: 'text/csv' | 'text/event-stream' | 'image/*';
  /** A request body the handler parses itself: a multipart upload (its one field, `file`). */
  consumes?: 'multipart/form-data';
  body?: z.ZodType;
  query?: z.ZodType;
  /** The path's parameters (`:id` in the path). */
  params?: z.ZodType;
  /** The envelope's `data` on success; or, for a call that `produces` another type, its body. */
  answer: z.ZodType;
};

/** Declares a call; `const` keeps its literal path and method in the types. */
export const call = <const C extends Call>(declared: C): C => declared;

/** What a client sends as the call's JSON body (its schema's input), or never for a call without one. */
export type CallBody<C extends Call> = C['body'] extends z.ZodType ? z.input<C['body']> : never;
/** What a client sends as the call's query string, or never for a call without one. */
export type CallQuery<C extends Call> = C['query'] extends z.ZodType ? z.input<C['query']> : never;
/** The values of the call's path parameters, or never for a path without any. */
export type CallParams<C extends Call> = C['params'] extends z.ZodType ? z.input<C['params']> : never;
/** The `data` of the call's successful answer. */
export type CallAnswer<C extends Call> = z.infer<C['answer']>;

/** The summaries of a table of calls, under the same names (the OpenAPI document's lines). */
export function summariesOf<T extends Record<string, Call>>(calls: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(calls).map(([name, declared]) => [name, declared.summary])) as {
    [K in keyof T]: string;
  };
}

/**
 * The summaries of the calls one path answers, by method (`{ get, post }`): the OpenAPI document's
 * line of a path that answers several methods, each its own declaration.
 */
export function methodsOf(...calls: Call[]): Partial<Record<'get' | 'post' | 'put' | 'delete', string>> {
  return Object.fromEntries(calls.map((declared) => [declared.method.toLowerCase(), declared.summary]));
}
