import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';

/**
 * Runs `run` while every insert into `table` for which `when` (SQL over `new`) holds fails inside
 * the database, as a crash or a constraint would at that leg.
 */
export async function failingInsert<T>(app: TestApp, table: string, when: string, run: () => Promise<T>): Promise<T> {
  await app.db.execute(
    sql.raw(`create or replace function fail_leg() returns trigger language plpgsql as $$ begin
      if ${when} then raise exception 'injected failure'; end if; return new; end $$`),
  );
  await app.db.execute(
    sql.raw(`create trigger fail_leg before insert on ${table} for each row execute function fail_leg()`),
  );
  try {
    return await run();
  } finally {
    await app.db.execute(sql.raw(`drop trigger fail_leg on ${table}`));
  }
}
