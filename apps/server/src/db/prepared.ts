import { Column, DrizzleQueryError, fillPlaceholders, is, SQL } from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import type pg from 'pg';
import { handleOf, isPgClient, type Db, type DbOrTx } from './client.ts';

type Preparable = { prepare: (name: string) => { execute: (values?: Record<string, unknown>) => Promise<unknown> } };
type Prepared<B extends Preparable> = ReturnType<B['prepare']>;

/**
 * A read that runs on nearly every request, built once instead of on every call. Drizzle turns the
 * query builder into SQL text each time a query runs (about 50 µs for a dozen columns: issue 17's
 * `/me` profile), and PostgreSQL parses that text each time; a prepared query pays both once.
 *
 * `build` gets a database handle and returns the query with `sql.placeholder('…')` where its values
 * go; `values` fill them. The handle is the caller's: inside a transaction the query is built on
 * that transaction (once per transaction that uses it), so it joins it like every other query.
 * `name` is the statement's name on each PostgreSQL connection: unique in the product.
 *
 * Only for hot reads of a fixed shape. Everything else stays plain Drizzle.
 */
export function preparedQuery<B extends Preparable>(name: string, build: (db: DbOrTx) => B): (db: Db, values: Record<string, unknown>) => ReturnType<Prepared<B>['execute']> {
  const built = new WeakMap<DbOrTx, (values: Record<string, unknown>) => Promise<unknown>>();
  return (db, values) => {
    const handle = handleOf(db);
    let run = built.get(handle);
    if (!run) {
      run = runner(build(handle).prepare(name));
      built.set(handle, run);
    }
    return run(values) as ReturnType<Prepared<B>['execute']>;
  };
}

/**
 * What Drizzle's node-postgres prepared query holds. Its fields are internal to Drizzle, so
 * `runner` takes the direct way only when every one is there as expected, and prepared.test.ts
 * checks that both ways give the same rows.
 */
type NodePgPrepared = {
  client?: unknown;
  queryConfig?: { text: string; rowMode?: string };
  params?: unknown[];
  logger?: { logQuery: (text: string, params: unknown[]) => void };
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  cache?: unknown;
  execute: (values?: Record<string, unknown>) => Promise<unknown>;
};

/**
 * On PostgreSQL the statement goes straight to the pool (or the transaction's connection) in pg's
 * callback form, and each row becomes an object as Drizzle makes it: every column through its
 * own decoder (`mapFromDriverValue`), null left null. Drizzle's own `execute` wraps the same call
 * in five async layers (tracing spans, the query cache, the driver call): about ten promises per
 * read, each paid for again by the request context's async hooks (issue 17: half of `/me`'s
 * promises). PGlite, or a query of another shape (nested or joined selections, a result cache),
 * runs through Drizzle.
 */
function runner(prepared: { execute: (values?: Record<string, unknown>) => Promise<unknown> }): (values: Record<string, unknown>) => Promise<unknown> {
  const p = prepared as NodePgPrepared;
  const { client, queryConfig, params, logger } = p;
  const columns = flatColumns(p.fields);
  const direct =
    isPgClient(client) &&
    queryConfig?.rowMode === 'array' &&
    Array.isArray(params) &&
    columns !== null &&
    !p.customResultMapper &&
    (p.cache === undefined || is(p.cache, NoopCache));
  if (!direct) return (values) => p.execute(values);
  // pg's own (config, values, callback) form, which its types leave out.
  const statement = client.query.bind(client) as unknown as (config: pg.QueryArrayConfig, values: unknown[], callback: (err: Error | null, res: pg.QueryArrayResult) => void) => void;
  const toObject = (row: unknown[]) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const value = row[i];
      out[columns[i]!.key] = value === null ? null : columns[i]!.decoder.mapFromDriverValue(value);
    }
    return out;
  };
  return (values) =>
    new Promise((resolve, reject) => {
      const filled = fillPlaceholders(params, values);
      logger?.logQuery(queryConfig.text, filled);
      // pg copies a config object property by property before it reads it (8.23's
      // cloneQueryConfig: 3–5 µs). One with no properties of its own, inheriting them all from
      // Drizzle's config, which stays the same from call to call, is copied at once.
      statement(Object.create(queryConfig) as pg.QueryArrayConfig, filled, (err: Error | null, res: pg.QueryArrayResult) => {
        if (err) reject(new DrizzleQueryError(queryConfig.text, filled, err));
        else resolve(res.rows.map(toObject));
      });
    });
}

/** The selection as one key and one decoder per column, or null when it is not flat. */
function flatColumns(fields: NodePgPrepared['fields']): { key: string; decoder: { mapFromDriverValue: (value: unknown) => unknown } }[] | null {
  if (!Array.isArray(fields)) return null;
  const columns = [];
  for (const { path, field } of fields) {
    const decoder = is(field, Column) ? field : is(field, SQL) ? (field as unknown as { decoder: { mapFromDriverValue: (value: unknown) => unknown } }).decoder : null;
    if (path.length !== 1 || !decoder) return null;
    columns.push({ key: path[0]!, decoder });
  }
  return columns;
}
