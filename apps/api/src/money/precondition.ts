import { type SQL, sql } from 'drizzle-orm';
import { preparedRows, type Tx } from '../db/client.ts';

/**
 * What a transfer statement checks before it moves anything, and the name of its statement (one
 * name per text). `checks` are conditions, each read once: nothing moves unless all hold, and the
 * statement's row answers each by its name. `first`, when given, are CTEs that run whatever the
 * checks say and commit with the statement even when nothing moves (a rate-limit count); the checks
 * and `columns` (more columns of the row, each written `, expression as name`) may read them.
 */
export type Precondition = { name: string; checks: Record<string, SQL>; first?: SQL; columns?: SQL };

/** The row of a checked statement: each check by its name, `ok` when all held, and the `columns`. */
export type CheckedRow = { ok: boolean };

/** The CTE `allowed`: the precondition's checks read once, each by its name, and `ok`. */
function allowedCte({ checks }: Precondition): SQL {
  const names = Object.keys(checks);
  const each = names.map((name) => sql`(${checks[name]}) as ${sql.identifier(name)}`);
  const all = names.map((name) => sql`checks.${sql.identifier(name)}`);
  // `offset 0` keeps the subquery whole: flattened, each check would run again for `ok`.
  return sql`allowed as (select checks.*, (${names.length ? sql.join(all, sql` and `) : sql`true`}) as ok
    from (select ${sql.join(each, sql`, `)} offset 0) as checks)`;
}

/** `first` (when given) and `allowed`, the CTEs that a checked statement starts with. */
function gateOf(precondition: Precondition): SQL {
  return precondition.first ? sql`${precondition.first}, ${allowedCte(precondition)}` : allowedCte(precondition);
}

/**
 * The precondition alone, in one statement (its `first` runs too): the row a checked transfer would
 * have answered, for a request that failed before its transfer or with it.
 */
export async function checkedRow<R extends CheckedRow>(db: Tx, precondition: Precondition): Promise<R> {
  const [row] = await preparedRows<R>(
    db,
    `checked:${precondition.name}`,
    sql`with ${gateOf(precondition)} select allowed.*${precondition.columns ?? sql``} from allowed`,
  );
  if (!row) throw new Error(`precondition ${precondition.name} answered no row`);
  return row;
}
