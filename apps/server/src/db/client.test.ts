import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, readTogether, type Database } from './client.ts';
import { selectRows } from './sql.ts';

/**
 * A pooled connection that PostgreSQL ends (a restart, an administrator, `drop database … with
 * (force)`) must not end the process: the pool reports it and opens a new one for the next query.
 */
const base = process.env.TEST_DATABASE_URL;

async function admin(text: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

describe.runIf(base)('database connections (PostgreSQL)', () => {
  const name = `t_conn_${randomBytes(4).toString('hex')}`;
  let database: Database;
  const lost: Error[] = [];
  let onLost: () => void = () => {};

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    database = await openDatabase({
      url: url.toString(),
      poolSize: 2,
      onConnectionError: (err) => {
        lost.push(err);
        onLost();
      },
    });
  });

  afterAll(async () => {
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('an idle connection ended by the server is reported and replaced', async () => {
    await database.db.execute(sql`select 1`);
    // Every idle connection of the pool is ended (start-up left two), and each is reported before
    // the next query: one not yet reported would still be handed out, and fail.
    let ended = Infinity;
    const reported = new Promise<void>((resolve) => (onLost = () => lost.length >= ended && resolve()));
    const { rows } = await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
    ended = rows.length;
    expect(ended).toBeGreaterThan(0);
    onLost();
    await reported;
    expect(lost.map((e) => e.message)).toEqual(Array(ended).fill(expect.stringMatching(/terminat/)));
    const [row] = await selectRows<{ ok: number }>(database.db, sql`select 1 as ok`);
    expect(row?.ok).toBe(1);
  });
});

describe.runIf(base)('migrations (PostgreSQL)', () => {
  it('two instances starting at once on an empty database migrate it once, and both start', async () => {
    const name = `t_mig_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    try {
      const both = await Promise.all([openDatabase({ url: url.toString(), poolSize: 2 }), openDatabase({ url: url.toString(), poolSize: 2 })]);
      const [rows] = await Promise.all([selectRows<{ n: number }>(both[0].db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)]);
      const files = readdirSync(new URL('../../drizzle/', import.meta.url)).filter((f) => f.endsWith('.sql'));
      expect(rows[0]?.n).toBe(files.length);
      await Promise.all(both.map((d) => d.close()));
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});

describe.runIf(base)('slow queries (PostgreSQL)', () => {
  it('hands statements over the threshold to the log, with their text and duration', async () => {
    const name = `t_slow_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    const slow: { statement: string; ms: number }[] = [];
    const database = await openDatabase({ url: url.toString(), poolSize: 2, slowQuery: { ms: 150, log: (s) => slow.push(s) } });
    try {
      await database.db.execute(sql`select 1`);
      await database.db.execute(sql`select pg_sleep(0.2)`);
      expect(slow.map((s) => s.statement)).toEqual(['select pg_sleep(0.2)']);
      expect(slow[0]!.ms).toBeGreaterThanOrEqual(150);
    } finally {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});

describe.runIf(base)('reads sent together (PostgreSQL)', () => {
  const name = `t_together_${randomBytes(4).toString('hex')}`;
  let database: Database;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolSize: 2 });
    await database.db.execute(sql`create table together_t (x int)`);
  });

  afterAll(async () => {
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('answers each statement in order, on one connection, with the rows db.execute gives, and is observed', async () => {
    const seen: string[] = [];
    const stop = database.observe((s) => seen.push(s));
    const text = 'select pg_backend_pid() as pid, $1::int as n, timestamptz \'2026-03-02 09:00+09\' as at';
    const [a, b] = (await readTogether(database.db, [{ text, params: [1] }, { text, params: [2] }])!) as { pid: number; n: number; at: unknown }[][];
    stop();
    expect(seen).toEqual([text, text]);
    expect(a![0]!.pid).toBe(b![0]!.pid);
    expect([a![0]!.n, b![0]!.n]).toEqual([1, 2]);
    const [plain] = await selectRows<{ at: unknown }>(database.db, sql`select timestamptz '2026-03-02 09:00+09' as at`);
    expect(a![0]!.at).toBe(plain!.at);
    expect(typeof a![0]!.at).toBe('string');
  });

  it('joins the caller\'s transaction', async () => {
    const counts = async () => ((await readTogether(database.db, [{ text: 'select count(*)::int as n from together_t', params: [] }, { text: 'select count(*)::int as n from together_t where x = $1', params: [7] }]))!).map((r) => r[0]!.n);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into together_t values (7)`);
        expect(await counts()).toEqual([1, 1]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await counts()).toEqual([0, 0]);
  });

  it('a statement PostgreSQL refuses rejects with its error, and the connection goes back to the pool', async () => {
    // More refusals than the pool has connections: a connection kept would stop the last call.
    for (let i = 0; i < 5; i++) {
      await expect(readTogether(database.db, [{ text: 'select $1::int as n', params: [1] }, { text: 'select $1::int as n', params: ['not a number'] }])).rejects.toMatchObject({ code: '22P02' });
    }
    expect((await readTogether(database.db, [{ text: 'select 1 as n', params: [] }, { text: 'select 2 as n', params: [] }]))!.map((r) => r[0]!.n)).toEqual([1, 2]);
    expect(database.poolStats()).toMatchObject({ waiting: 0 });
  });
});

describe('reads sent together (PGlite)', () => {
  // Opening (and migrating) an embedded database is setup, so it gets the hook's budget, not the test's.
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database.close();
  });

  it('are left to the caller: one connection takes statements one by one', () => {
    expect(readTogether(database.db, [{ text: 'select 1', params: [] }])).toBeNull();
  });
});
