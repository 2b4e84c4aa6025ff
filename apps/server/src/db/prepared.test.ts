import { eq, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { preparedQuery } from './prepared.ts';

/** A table of the test's own: the db layer knows no module's tables. */
const probes = pgTable('prepared_probe', {
  id: serial().primaryKey(),
  name: text().notNull(),
  n: integer().notNull().default(0),
  note: text(),
  done: boolean().notNull().default(false),
  at: timestamp({ withTimezone: true }),
  tags: jsonb().$type<string[]>(),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.ctx.db.execute(sql`create table prepared_probe (id serial primary key, name text not null, n integer not null default 0, note text, done boolean not null default false, at timestamptz, tags jsonb)`);
}, 60_000);
afterAll(() => t?.close());

const nameById = preparedQuery('test_prepared_name_by_id', (h) => h.select({ name: probes.name }).from(probes).where(eq(probes.id, sql.placeholder('id'))).limit(1));

async function addAccount(db: TestApp['ctx']['db'], loginId: string): Promise<number> {
  const [row] = await db.insert(probes).values({ name: `이름${loginId}` }).returning({ id: probes.id });
  return row!.id;
}

describe('prepared queries', () => {
  it('read the same way every time, with new values', async () => {
    const a = await addAccount(t.ctx.db, 'prep_a');
    const b = await addAccount(t.ctx.db, 'prep_b');
    expect(await nameById(t.ctx.db, { id: a })).toEqual([{ name: '이름prep_a' }]);
    expect(await nameById(t.ctx.db, { id: b })).toEqual([{ name: '이름prep_b' }]);
    expect(await nameById(t.ctx.db, { id: 987654 })).toEqual([]);
  });

  it("join the caller's transaction: they see its uncommitted rows, and nothing of it after a rollback", async () => {
    let inside: unknown;
    let id = 0;
    await expect(
      t.ctx.db.transaction(async () => {
        // The module's own handle, not the transaction's: the joining happens underneath.
        id = await addAccount(t.ctx.db, 'prep_tx');
        inside = await nameById(t.ctx.db, { id });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(inside).toEqual([{ name: '이름prep_tx' }]);
    expect(await nameById(t.ctx.db, { id })).toEqual([]);
  });

  it('run side by side in several transactions at once', async () => {
    const names = await Promise.all(
      ['p1', 'p2', 'p3'].map((k) =>
        t.ctx.db.transaction(async () => {
          const id = await addAccount(t.ctx.db, `prep_${k}`);
          return (await nameById(t.ctx.db, { id }))[0]?.name;
        }),
      ),
    );
    expect(names).toEqual(['이름prep_p1', '이름prep_p2', '이름prep_p3']);
  });

  it('give the rows a plain Drizzle select gives: each column decoded, nulls left null', async () => {
    const full = await t.ctx.db.insert(probes).values({ name: '전체', n: 7, note: '메모', done: true, at: new Date('2026-03-02T01:02:03.456Z'), tags: ['가', 'b'] }).returning({ id: probes.id });
    const empty = await addAccount(t.ctx.db, 'prep_nulls');
    const everything = preparedQuery('test_prepared_everything', (h) =>
      h.select({ id: probes.id, name: probes.name, n: probes.n, note: probes.note, done: probes.done, at: probes.at, tags: probes.tags, twice: sql<number>`${probes.n} * 2`.mapWith(Number) })
        .from(probes)
        .where(eq(probes.id, sql.placeholder('id'))),
    );
    for (const id of [full[0]!.id, empty]) {
      const plain = await t.ctx.db
        .select({ id: probes.id, name: probes.name, n: probes.n, note: probes.note, done: probes.done, at: probes.at, tags: probes.tags, twice: sql<number>`${probes.n} * 2`.mapWith(Number) })
        .from(probes)
        .where(eq(probes.id, id));
      expect(await everything(t.ctx.db, { id })).toEqual(plain);
    }
    const [row] = await everything(t.ctx.db, { id: full[0]!.id });
    expect(row).toEqual({ id: full[0]!.id, name: '전체', n: 7, note: '메모', done: true, at: new Date('2026-03-02T01:02:03.456Z'), tags: ['가', 'b'], twice: 14 });
  });

  it.runIf(process.env.TEST_DATABASE_URL)("go to PostgreSQL without Drizzle's execute (its async layers cost ten promises a read)", async () => {
    const id = await addAccount(t.ctx.db, 'prep_direct');
    let throughDrizzle = 0;
    const counted = preparedQuery('test_prepared_direct', (h) => {
      const builder = h.select({ name: probes.name }).from(probes).where(eq(probes.id, sql.placeholder('id')));
      const prepare = builder.prepare.bind(builder);
      return Object.assign(builder, {
        prepare: (name: string) => {
          const prepared = prepare(name);
          const execute = prepared.execute.bind(prepared);
          return Object.assign(prepared, { execute: (values?: Record<string, unknown>) => (throughDrizzle++, execute(values)) });
        },
      });
    });
    // pg copies every config object it is given, property by property: the one it gets has none of its own.
    const handed: object[] = [];
    const query = pg.Pool.prototype.query;
    pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
      handed.push(args[0] as object);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      expect(await counted(t.ctx.db, { id })).toEqual([{ name: '이름prep_direct' }]);
    } finally {
      pg.Pool.prototype.query = query;
    }
    expect(throughDrizzle).toBe(0);
    expect(handed).toHaveLength(1);
    expect(Object.getOwnPropertyNames(handed[0])).toEqual([]);
    expect((handed[0] as { text?: string; name?: string }).name).toBe('test_prepared_direct');
  });

  it('a refused statement rejects with the database error as its cause', async () => {
    const broken = preparedQuery('test_prepared_broken', (h) => h.select({ n: sql<number>`${sql.placeholder('v')}::int` }).from(probes).limit(1));
    await addAccount(t.ctx.db, 'prep_broken');
    const err = await broken(t.ctx.db, { v: 'not a number' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as { cause?: { code?: string } }).cause?.code).toBe('22P02');
  });
});
