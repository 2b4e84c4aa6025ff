import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { embeddedVacuum } from './maintenance.ts';
import { selectRows } from './sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 60_000);
afterAll(() => t?.close());

describe('maintenance of the embedded database', () => {
  it.runIf(!process.env.TEST_DATABASE_URL)('PGlite, which has no autovacuum, gets a nightly VACUUM ANALYZE schedule; it reclaims dead rows and gathers statistics', async () => {
    const scheduled = await selectRows<{ name: string; cron: string }>(t.ctx.db, sql`select name, cron from pgboss.schedule where name = 'schedule.db.vacuum'`);
    expect(scheduled).toEqual([{ name: 'schedule.db.vacuum', cron: '40 4 * * *' }]);

    await t.ctx.db.execute(sql`create table vacuum_probe (id int primary key, n int)`);
    await t.ctx.db.execute(sql`insert into vacuum_probe select g, 0 from generate_series(1, 2000) g`);
    await t.ctx.db.execute(sql`update vacuum_probe set n = 1`);
    const stats = () => selectRows<{ dead: number; analysed: boolean; vacuumed: boolean }>(t.ctx.db, sql`
      select n_dead_tup::int as dead, last_analyze is not null as analysed, last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname = 'vacuum_probe'`);
    await embeddedVacuum(t.ctx.db).run();
    expect(await stats()).toEqual([{ dead: 0, analysed: true, vacuumed: true }]);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL vacuums by itself: no schedule of ours', async () => {
    expect(await selectRows(t.ctx.db, sql`select name from pgboss.schedule where name = 'schedule.db.vacuum'`)).toEqual([]);
  });
});
