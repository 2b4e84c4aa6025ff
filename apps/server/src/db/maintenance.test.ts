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

/** What the database needs to stay fast without a vacuum, and the vacuum PGlite gets instead of autovacuum. */
describe('database maintenance', () => {
  it('keeps GIN pending lists small: every GIN index batches its writes in a list of at most 64 kB', async () => {
    // New entries wait in an unsorted list that every search reads in full until it is merged. The
    // default list (4 MB, merged by VACUUM, which embedded PGlite never runs on its own) held a whole
    // table (migration 0019); none at all made every row write each index entry alone, a 3,000-row
    // import's slowest part (migration 0021). 64 kB: writes merge in batches, searches read little.
    const gin = await selectRows<{ name: string; options: string[] | null }>(
      t.ctx.db,
      sql`select c.relname as name, c.reloptions as options from pg_class c join pg_am a on a.oid = c.relam
           join pg_namespace n on n.oid = c.relnamespace where a.amname = 'gin' and n.nspname = 'public' order by 1`,
    );
    expect(gin.map((i) => i.name)).toEqual(expect.arrayContaining(['board_posts_title_trgm_idx', 'student_profiles_search_tokens_idx', 'student_profiles_search_trgm_idx']));
    expect(gin.filter((i) => !(i.options ?? []).includes('fastupdate=true') || !(i.options ?? []).includes('gin_pending_list_limit=64')).map((i) => i.name)).toEqual([]);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('PGlite, which has no autovacuum, gets a nightly VACUUM ANALYZE schedule; it reclaims dead rows and gathers statistics', async () => {
    const scheduled = await selectRows<{ name: string; cron: string }>(t.ctx.db, sql`select name, cron from pgboss.schedule where name = 'schedule.db.vacuum'`);
    expect(scheduled).toEqual([{ name: 'schedule.db.vacuum', cron: '40 4 * * *' }]);

    await t.ctx.db.execute(sql`create table vacuum_probe (id int primary key, n int)`);
    await t.ctx.db.execute(sql`insert into vacuum_probe select g, 0 from generate_series(1, 2000) g`);
    await t.ctx.db.execute(sql`update vacuum_probe set n = 1`);
    const stats = () => selectRows<{ dead: number; analysed: boolean; vacuumed: boolean }>(t.ctx.db, sql`
      select n_dead_tup::int as dead, last_analyze is not null as analysed, last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname = 'vacuum_probe'`);
    // A backend hands its counts to the shared statistics when it next goes idle, at most once a
    // second: wait until the update's 2,000 dead rows are there, or they could land after the
    // vacuum's zero and the check would read the update, not the vacuum.
    await t.ctx.db.execute(sql`select pg_stat_force_next_flush()`);
    await expect.poll(async () => (await stats())[0]?.dead, { timeout: 30_000 }).toBe(2000);
    await embeddedVacuum(t.ctx.db).run();
    expect(await stats()).toEqual([{ dead: 0, analysed: true, vacuumed: true }]);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL vacuums by itself: no schedule of ours', async () => {
    expect(await selectRows(t.ctx.db, sql`select name from pgboss.schedule where name = 'schedule.db.vacuum'`)).toEqual([]);
  });
});
