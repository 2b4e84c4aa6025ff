import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { selectRows } from './sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 60_000);
afterAll(() => t?.close());

describe('the migrated schema', () => {
  it('keeps no GIN pending list: every GIN index is built with fastupdate off', async () => {
    // With fastupdate on, new entries wait in an unsorted list that every search reads in full
    // until a VACUUM merges them, and embedded PGlite never vacuums on its own (migration 0019).
    const gin = await selectRows<{ name: string; options: string[] | null }>(
      t.ctx.db,
      sql`select c.relname as name, c.reloptions as options from pg_class c join pg_am a on a.oid = c.relam
           join pg_namespace n on n.oid = c.relnamespace where a.amname = 'gin' and n.nspname = 'public' order by 1`,
    );
    expect(gin.map((i) => i.name)).toEqual(expect.arrayContaining(['board_posts_title_trgm_idx', 'student_profiles_search_tokens_idx', 'student_profiles_search_trgm_idx']));
    expect(gin.filter((i) => !(i.options ?? []).includes('fastupdate=false')).map((i) => i.name)).toEqual([]);
  });
});
