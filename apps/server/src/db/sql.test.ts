import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertRows, selectRows } from './sql.ts';

/** A table of the test's own with one column of each kind insertRows casts to. */
const probes = pgTable('insert_rows_probe', {
  id: serial().primaryKey(),
  name: text().notNull(),
  n: integer(),
  flag: boolean().notNull().default(false),
  at: timestamp({ withTimezone: true }),
  tags: text().array(),
  data: jsonb(),
  note: text().notNull().default('기본값'),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.ctx.db.execute(sql`create table insert_rows_probe (id serial primary key, name text not null, n integer, flag boolean not null default false, at timestamptz, tags text[], data jsonb, note text not null default '기본값')`);
}, 60_000);
afterAll(() => t?.close());

const P = probes;
const columns = [P.name, P.n, P.flag, P.at, P.tags, P.data];

describe('insertRows', () => {
  it('writes every kind of value as it was given, and gives back ids in the rows\' order', async () => {
    const at = new Date('2026-11-28T09:15:30.123Z');
    const rows: unknown[][] = [
      ['김철수', 7, true, at, ['김', 'ㄱㅊㅅ', 'kim01'], { row: 1, name: '김철수', nested: { list: [1, 'two', null] } }],
      ['quote " back \\ comma , brace { } NULL', -2147483648, false, null, ['"', '\\', ',', '{}', 'NULL', '', ' spaced ', null, '😀'], 'just text'],
      ['빈 배열', null, false, null, [], [1, 2, 3]],
      ['널', 0, true, at, null, null],
    ];
    const back = await insertRows<{ id: number; name: string }>(t.ctx.db, P, columns, rows, { id: P.id, name: P.name });
    expect(back.map((b) => b.name)).toEqual(rows.map((r) => r[0]));
    expect(new Set(back.map((b) => b.id)).size).toBe(4);
    const read = await selectRows<{ id: number; name: string; n: number | null; flag: boolean; at: string | null; tags: string[] | null; data: unknown; note: string }>(
      t.ctx.db,
      sql`select id, name, n, flag, at::text as at, tags, data, note from insert_rows_probe order by id`,
    );
    expect(read.map((r) => r.id)).toEqual(back.map((b) => b.id));
    rows.forEach((row, i) => {
      const r = read[i]!;
      expect(r.name).toBe(row[0]);
      expect(r.n).toBe(row[1]);
      expect(r.flag).toBe(row[2]);
      expect(r.at === null ? null : new Date(r.at).toISOString()).toBe(row[3] === null ? null : at.toISOString());
      expect(r.tags).toEqual(row[4]);
      expect(r.data).toEqual(row[5]);
      expect(r.note).toBe('기본값');
    });
  });

  it('is one statement however many rows', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => [`학생${i}`, i, i % 2 === 0, null, [`t${i}`, `u${i}`], { i }]);
    const statements: string[] = [];
    const stop = t.database.observe((s) => statements.push(s));
    try {
      const back = await insertRows<{ n: number }>(t.ctx.db, P, columns, many, { n: P.n });
      expect(back.map((b) => b.n)).toEqual(many.map((r) => r[1]));
    } finally {
      stop();
    }
    expect(statements.filter((s) => s.startsWith('insert into "insert_rows_probe"'))).toHaveLength(1);
  });

  it('joins the caller\'s transaction: a rollback leaves nothing', async () => {
    const before = (await selectRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from insert_rows_probe`))[0]!.n;
    await expect(
      t.ctx.db.transaction(async () => {
        await insertRows(t.ctx.db, P, columns, [['없어질 행', 1, false, null, null, null]]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await selectRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from insert_rows_probe`))[0]!.n).toBe(before);
  });
});
