import { idParamsSchema } from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, TxDb } from '../db/client.ts';
import { audit } from './audit.ts';
import { ok } from './envelope.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * A catalogue of the content role (products, banners): list all, create, edit and, when it may be
 * removed, delete; each change audited in its transaction with before and after.
 */
export function catalogue<I extends z.ZodType, T extends z.ZodType>(
  app: FastifyInstance,
  spec: {
    name: string;
    listPath: string;
    itemPath: string;
    input: I;
    item: T;
    all: (db: Db) => Promise<z.infer<T>[]>;
    byId: (db: TxDb, id: number) => Promise<z.infer<T>>;
    create: (tx: TxDb, input: z.infer<I>) => Promise<z.infer<T> & { id: string }>;
    update: (tx: TxDb, id: number, input: z.infer<I>) => Promise<z.infer<T>>;
    remove?: (tx: TxDb, id: number) => Promise<z.infer<T>>;
    /** Who the audit row names: the signed-in operator. */
    actorOf: (request: FastifyRequest) => string;
  },
) {
  const options = { config: { access: { roles: ['content'] } } as const };
  const answer = { 200: envelopeSchema(spec.item) };
  const change = async (
    request: FastifyRequest,
    action: string,
    id: number | null,
    work: (tx: TxDb) => Promise<{ before?: unknown; after?: unknown; id: string; answer: z.infer<T> }>,
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

  app.get(
    `/${spec.listPath}`,
    {
      ...options,
      schema: { tags, security, response: { 200: envelopeSchema(z.object({ list: z.array(spec.item) })) } },
    },
    async () => ok({ list: await spec.all(app.db) }),
  );
  app.post(
    `/${spec.listPath}`,
    { ...options, schema: { tags, security, body: spec.input, response: answer } },
    (request) =>
      change(request, 'create', null, async (tx) => {
        const created = await spec.create(tx, request.body as z.infer<I>);
        return { after: created, id: created.id, answer: created };
      }),
  );
  app.put(
    `/${spec.itemPath}`,
    { ...options, schema: { tags, security, params: idParamsSchema, body: spec.input, response: answer } },
    (request) => {
      const id = Number((request.params as { id: string }).id);
      return change(request, 'edit', id, async (tx) => {
        const before = await spec.byId(tx, id);
        const after = await spec.update(tx, id, request.body as z.infer<I>);
        return { before, after, id: String(id), answer: after };
      });
    },
  );
  const remove = spec.remove;
  if (remove) {
    app.delete(
      `/${spec.itemPath}`,
      { ...options, schema: { tags, security, params: idParamsSchema, response: answer } },
      (request) => {
        const id = Number((request.params as { id: string }).id);
        return change(request, 'delete', id, async (tx) => {
          const before = await remove(tx, id);
          return { before, id: String(id), answer: before };
        });
      },
    );
  }
}
