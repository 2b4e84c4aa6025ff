import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * Rows of a `sql` template, for the statements the query builder cannot express (DISTINCT ON,
 * array aggregates, UPDATE … FROM). Write the columns through the table objects
 * (`${weeklyLectures.date}`) so a renamed column fails to compile, and name every selected
 * expression with `as` so the row type below matches it.
 */
export async function selectRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Many rows in one `INSERT … SELECT` from a single JSON parameter: for batches of hundreds, binding
 * every value as a parameter of its own costs more to build and to parse than the insert itself
 * (issue 17's import profile). Each row is keyed by column (the table's column objects); columns
 * left out take their defaults. `returning` names the columns to give back, in the rows' order.
 */
export async function insertJsonRows<T extends Record<string, unknown> = Record<string, never>>(
  db: DbOrTx,
  table: PgTable,
  columns: readonly PgColumn[],
  rows: readonly unknown[][],
  returning?: Record<keyof T & string, PgColumn>,
): Promise<T[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(rows.map((values) => Object.fromEntries(columns.map((c, i) => [c.name, values[i] instanceof Date ? (values[i] as Date).toISOString() : (values[i] ?? null)]))));
  const names = sql.join(columns.map((c) => sql.identifier(c.name)), sql`, `);
  const fields = sql.join(columns.map((c) => sql`r.${sql.identifier(c.name)}`), sql`, `);
  // WITH ORDINALITY keeps the rows' order through the insert, so returned ids line up with them.
  const back = returning ? sql` returning ${sql.join(Object.entries(returning).map(([as, c]) => sql`${sql.identifier(c.name)} as ${sql.identifier(as)}`), sql`, `)}` : sql``;
  return selectRows<T>(db, sql`insert into ${table} (${names}) select ${fields} from json_populate_recordset(null::${table}, ${json}::json) with ordinality r order by r.ordinality${back}`);
}
