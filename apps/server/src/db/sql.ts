import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
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
 * Rows of a `sql` template checked by a schema, for the statements the query builder cannot express
 * (window functions over a CTE, UPDATE … FROM a CTE): what PostgreSQL returns is parsed, never
 * asserted, so a renamed alias or a numeric that came back as text fails here and not in a screen.
 * Raw timestamps come back as text: read them with `z.coerce.date()`.
 */
export async function parseRows<S extends z.ZodType>(db: DbOrTx, schema: S, query: SQL): Promise<z.output<S>[]> {
  const result = (await db.execute(query)) as { rows: unknown[] };
  return result.rows.map((r) => schema.parse(r));
}

/**
 * Many rows in one `INSERT … SELECT … FROM unnest(…)`: one text-array parameter per column,
 * however many rows. Binding every value as a parameter of its own costs more to build and to parse
 * than the insert itself (thousands of parameters for an import), and one JSON document per chunk
 * made PostgreSQL parse JSON and convert every field (about 0.1 ms a row for student profiles,
 * three times the arrays' cost: issue 17's import profile). Each value travels as text and is
 * cast to its column's type by PostgreSQL's own input functions: dates as ISO text, text[] columns
 * as array literals, json/jsonb as JSON text. `rows` hold one value per column, in `columns`' order;
 * columns left out take their defaults. `returning` names the columns to give back, in the rows' order.
 */
export async function insertRows<T extends Record<string, unknown> = Record<string, never>>(
  db: DbOrTx,
  table: PgTable,
  columns: readonly PgColumn[],
  rows: readonly unknown[][],
  returning?: Record<keyof T & string, PgColumn>,
  /** `on conflict (target) do update set` each of `update` to the incoming value: an upsert in one statement. */
  onConflict?: { target: readonly PgColumn[]; update: readonly PgColumn[] },
): Promise<T[]> {
  if (rows.length === 0) return [];
  const types = columns.map(sqlTypeOf);
  const arrays = columns.map((_, i) => rows.map((values) => asText(values[i], types[i]!)));
  const names = sql.join(columns.map((c) => sql.identifier(c.name)), sql`, `);
  const fields = sql.join(types.map((type, i) => sql`r.${sql.identifier(`c${i}`)}::${sql.raw(type)}`), sql`, `);
  const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(', '));
  const unnest = sql.join(arrays.map((a) => sql`${sql.param(a)}::text[]`), sql`, `);
  // WITH ORDINALITY keeps the rows' order through the insert, so returned ids line up with them.
  const back = returning ? sql` returning ${sql.join(Object.entries(returning).map(([as, c]) => sql`${sql.identifier(c.name)} as ${sql.identifier(as)}`), sql`, `)}` : sql``;
  const upsert = onConflict
    ? sql` on conflict (${sql.join(onConflict.target.map((c) => sql.identifier(c.name)), sql`, `)}) do update set ${sql.join(onConflict.update.map((c) => sql`${sql.identifier(c.name)} = excluded.${sql.identifier(c.name)}`), sql`, `)}`
    : sql``;
  return selectRows<T>(db, sql`insert into ${table} (${names}) select ${fields} from unnest(${unnest}) with ordinality as r(${aliases}, ord) order by r.ord${upsert}${back}`);
}

/** The type a column's text is cast to (a serial column takes plain integers). */
function sqlTypeOf(c: PgColumn): string {
  const type = c.getSQLType();
  if (type === 'serial') return 'integer';
  if (type === 'bigserial') return 'bigint';
  if (!/^[a-z0-9 ()[\],_]+$/.test(type)) throw new Error(`insertRows: column ${c.name} has a type it cannot cast to (${type})`);
  return type;
}

/** A value as the text PostgreSQL reads back into the column's type. */
function asText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (type.endsWith('[]')) {
    if (!Array.isArray(value)) throw new Error(`insertRows: a ${type} column takes an array`);
    return `{${value.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, (ch) => `\\${ch}`)}"`)).join(',')}}`;
  }
  return String(value);
}
