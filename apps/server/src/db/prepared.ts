import { handleOf, type Db, type DbOrTx } from './client.ts';

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
  const built = new WeakMap<DbOrTx, Prepared<B>>();
  return (db, values) => {
    const handle = handleOf(db);
    let query = built.get(handle);
    if (!query) {
      query = build(handle).prepare(name) as Prepared<B>;
      built.set(handle, query);
    }
    return query.execute(values) as ReturnType<Prepared<B>['execute']>;
  };
}
