import type { auditQuerySchema } from '@minecloud/contract/console';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, isoTime, newestFirst, pageClause, queryRows } from '../../db/client.ts';
import { operatorActor } from '../auth/operators.ts';

export type AuditFilter = Omit<z.infer<typeof auditQuerySchema>, 'pageNo' | 'pageSize'>;

/** A page of the audit log, newest first: by operator, by action or its start, by UTC days. */
export async function auditPage(db: Db, filter: AuditFilter, page: { pageNo: number; pageSize: number }) {
  const conditions = [sql`true`];
  if (filter.actor) {
    const actor = filter.actor.includes(':') ? filter.actor : operatorActor(filter.actor);
    conditions.push(sql`actor = ${actor}`);
  }
  if (filter.action) conditions.push(sql`starts_with(action, ${filter.action})`);
  if (filter.from) conditions.push(sql`created_at >= (${filter.from}::date)::timestamp at time zone 'UTC'`);
  if (filter.to) conditions.push(sql`created_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<{
    id: string;
    actor: string;
    action: string;
    target: string | null;
    before: string | null;
    after: string | null;
    request_id: string | null;
    created_at: string;
  }>(
    db,
    sql`select id::text, actor, action, target, before::text, after::text, request_id, created_at::text
        from audit_log where ${where} order by ${newestFirst('audit_log', 'created_at')} ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log where ${where}`);
  return {
    list: rows.map((r) => ({
      id: r.id,
      actor: r.actor,
      action: r.action,
      target: r.target,
      before: r.before === null ? null : JSON.parse(r.before),
      after: r.after === null ? null : JSON.parse(r.after),
      requestId: r.request_id,
      createdAt: isoTime(r.created_at) as string,
    })),
    total: count?.n ?? 0,
  };
}
