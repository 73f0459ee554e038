import type { Call } from '@minecloud/contract/calls';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, TxDb } from '../db/client.ts';
import { audit } from './audit.ts';
import { declaredRoute } from './declared-route.ts';
import { ok } from './envelope.ts';

/** An item's id in the path (`:id`), as the contract's `idParamsSchema` checks it. */
type ById = { params: z.ZodType<{ id: string }> };

/**
 * A catalogue's calls, each declared in the contract (CONSOLE_CALLS): the list of items `T`, and
 * adding, editing and, when an item may be removed, deleting one, with the input `I`.
 */
export type CatalogueCalls<I, T> = {
  list: Call & { answer: z.ZodType<{ list: T[] }> };
  add: Call & { body: z.ZodType<I>; answer: z.ZodType<T> };
  edit: Call & ById & { body: z.ZodType<I>; answer: z.ZodType<T> };
  remove?: Call & ById & { answer: z.ZodType<T> };
};

/**
 * A catalogue of the content role (products, banners): list all, create, edit and, when it may be
 * removed, delete; each change audited in its transaction with before and after. Who may make the
 * calls is their declarations' (`operators`).
 */
export function catalogue<I, T>(
  app: FastifyInstance,
  spec: {
    name: string;
    calls: CatalogueCalls<I, T>;
    all: (db: Db) => Promise<T[]>;
    byId: (db: TxDb, id: number) => Promise<T>;
    create: (tx: TxDb, input: I) => Promise<T & { id: string }>;
    update: (tx: TxDb, id: number, input: I) => Promise<T>;
    remove?: (tx: TxDb, id: number) => Promise<T>;
    /** Who the audit row names: the signed-in operator. */
    actorOf: (request: FastifyRequest) => string;
  },
) {
  const change = async (
    request: FastifyRequest,
    action: string,
    id: number | null,
    work: (tx: TxDb) => Promise<{ before?: unknown; after?: unknown; id: string; answer: T }>,
  ) =>
    ok(
      await app.db.transaction(async (tx) => {
        const done = await work(tx);
        const { before, after } = done;
        await audit(tx, {
          actor: spec.actorOf(request),
          action: `${spec.name}.${action}`,
          target: `${spec.name}:${id ?? done.id}`,
          before,
          after,
        });
        return done.answer;
      }),
    );

  declaredRoute(app, spec.calls.list, async () => ok({ list: await spec.all(app.db) }));
  declaredRoute(app, spec.calls.add, (request) =>
    change(request, 'create', null, async (tx) => {
      const created = await spec.create(tx, request.body);
      return { after: created, id: created.id, answer: created };
    }),
  );
  declaredRoute(app, spec.calls.edit, (request) => {
    const id = Number(request.params.id);
    return change(request, 'edit', id, async (tx) => {
      const before = await spec.byId(tx, id);
      const after = await spec.update(tx, id, request.body);
      return { before, after, id: String(id), answer: after };
    });
  });
  const { remove } = spec;
  const removeCall = spec.calls.remove;
  if (Boolean(remove) !== Boolean(removeCall)) throw new Error(`${spec.name}: deleting needs its call and its remove`);
  if (remove && removeCall) {
    declaredRoute(app, removeCall, (request) => {
      const id = Number(request.params.id);
      return change(request, 'delete', id, async (tx) => {
        const before = await remove(tx, id);
        return { before, id: String(id), answer: before };
      });
    });
  }
}
