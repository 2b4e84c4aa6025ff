import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { preparedQuery } from './prepared.ts';

/** A table of the test's own: the db layer knows no module's tables. */
const probes = pgTable('prepared_probe', { id: serial().primaryKey(), name: text().notNull(), n: integer().notNull().default(0) });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.ctx.db.execute(sql`create table prepared_probe (id serial primary key, name text not null, n integer not null default 0)`);
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
});
