import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, TxDb } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/** The request being served, for the audit rows it writes (set by an onRequest hook in app.ts). */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function runInRequest(requestId: string, work: () => void) {
  requestContext.run({ requestId }, work);
}

export type AuditEntry = { actor: string; action: string; target?: string | null; before?: unknown; after?: unknown };

/**
 * One audit row: who, what, before, after, the time (the database's) and the request's id. The
 * table refuses UPDATE and DELETE (a trigger, migration 0008): the log can only grow.
 */
export async function audit(db: Pick<Db | TxDb, 'insert'>, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, requestId: requestContext.getStore()?.requestId ?? null });
}
