import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '../lib/observability/request-context.ts';
import { openRemotePglite, type RemotePglite } from './pglite-remote.ts';

describe('PGlite in its worker thread', () => {
  let db: RemotePglite;
  beforeAll(async () => {
    db = await openRemotePglite({});
  });
  afterAll(async () => {
    await db.close();
  });

  it('serves waiting statements of earlier requests first, and an open transaction before them', async () => {
    const done: string[] = [];
    const inRequest = (name: string, startedAt: number) =>
      requestContext.run({ requestId: name, startedAt }, () => db.query<{ v: string }>('select $1::text as v', [name]).then((r) => done.push(r.rows[0]!.v)));

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    // A transaction holds the database; meanwhile requests that arrived at 30, 20 and 10 ask.
    const tx = db.transaction(async (t) => {
      opened();
      await held;
      await t.query('select 1');
      done.push('transaction');
    });
    await open;
    const first = inRequest('arrived 30, asked first', 30);
    const late = inRequest('arrived 20', 20);
    const early = inRequest('arrived 10', 10);
    // The worker has the three before the transaction ends: messages arrive in the order posted.
    release();
    await Promise.all([tx, first, late, early]);
    // Nothing else runs while the transaction holds the database; then the earliest request first.
    expect(done).toEqual(['transaction', 'arrived 10', 'arrived 20', 'arrived 30, asked first']);
  });

  it('serves statements outside any request in the order they were asked', async () => {
    const out = await Promise.all(Array.from({ length: 20 }, (_, i) => db.query<{ i: number }>('select $1::int as i', [i]).then((r) => r.rows[0]!.i)));
    expect(out).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('keeps a statement prepared and reads its reply on the app thread as PGlite would', async () => {
    await db.exec(`create table wire_t (id int8 primary key, tags text[], doc jsonb, flag boolean, at timestamptz, n numeric)`);
    const insert = 'insert into wire_t (id, tags, doc, flag, at, n) values ($1, $2, $3, $4, $5, $6)';
    const one = await db.query(insert, [1, ['가', 'b,c', null], { k: [1, 2] }, true, new Date('2026-11-29T00:00:00Z'), '1.50']);
    expect(one.affectedRows).toBe(1);
    await db.query(insert, [2, [], [3, 4], false, null, null]);
    const sql = 'select id, tags, doc, flag, at, n from wire_t order by id';
    const objects = await db.query<Record<string, unknown>>(sql);
    expect(objects.rows).toEqual([
      { id: 1, tags: ['가', 'b,c', null], doc: { k: [1, 2] }, flag: true, at: new Date('2026-11-29T00:00:00Z'), n: '1.50' },
      { id: 2, tags: [], doc: [3, 4], flag: false, at: null, n: null },
    ]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'tags', 'doc', 'flag', 'at', 'n']);
    // Drizzle's way: rows as arrays, timestamps kept as text.
    const arrays = await db.query<unknown[]>(sql, [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows[0]).toEqual([1, ['가', 'b,c', null], { k: [1, 2] }, true, '2026-11-29 00:00:00+00', '1.50']);
    // Prepared once under a name and run again from there.
    const prepared = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [sql]);
    expect(prepared.rows[0]!.n).toBe(1);
  });

  it("reports PostgreSQL's error fields, and prepares a statement again when its table changed", async () => {
    await db.exec(`create table wire_u (id int primary key, name text, constraint wire_u_name unique (name))`);
    await db.query('insert into wire_u values ($1, $2)', [1, '김']);
    const failed = await db.query('insert into wire_u values ($1, $2)', [2, '김']).then(() => null, (e: unknown) => e as Error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ code: '23505', constraint: 'wire_u_name', table: 'wire_u' });
    expect(failed!.message).toContain('duplicate key');
    const syntax = await db.query('selec 1').catch((e: unknown) => e as Record<string, unknown>);
    expect(syntax).toMatchObject({ code: '42601' });

    const sql = 'select * from wire_u order by id';
    expect((await db.query(sql)).rows).toEqual([{ id: 1, name: '김' }]);
    await db.exec('alter table wire_u add column grade text');
    expect((await db.query(sql)).rows).toEqual([{ id: 1, name: '김', grade: null }]);
  });

  it('hands notifications to listeners, from a statement alone and from a transaction', async () => {
    const heard: string[] = [];
    const stop = await db.listen('wire_channel', (p) => heard.push(p));
    await db.query('select pg_notify($1, $2)', ['wire_channel', 'alone']);
    await db.transaction(async (t) => {
      await t.query('select pg_notify($1, $2)', ['wire_channel', 'in a transaction']);
    });
    await db.query('select 1');
    expect(heard).toEqual(['alone', 'in a transaction']);
    await stop();
  });

  it('rolls back a transaction whose work failed, and serves the next', async () => {
    await db.exec('create table wire_v (id int primary key)');
    await expect(
      db.transaction(async (t) => {
        await t.query('insert into wire_v values ($1)', [1]);
        await t.query('insert into wire_v values ($1)', [1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select count(*)::int as n from wire_v')).rows).toEqual([{ n: 0 }]);
  });
});
