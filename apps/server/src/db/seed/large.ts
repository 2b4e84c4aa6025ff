import { sql } from 'drizzle-orm';
import type { BuiltApp } from '../../app.ts';
import { moduleList } from '../../composition.ts';
import { seedDemo } from './demo.ts';
import { rng } from './korean.ts';

/**
 * Fills the database with the demo center plus a large generated one (10,000 students, 30 TAs,
 * and each module's share: lectures × weeks …). Every module's step runs in composition order,
 * accounts first; steps are idempotent, so a second run adds nothing.
 */
export async function seedLarge(built: Pick<BuiltApp, 'ctx' | 'modules'>, log: (m: string) => void = () => {}): Promise<void> {
  const { db } = built.ctx;
  await seedDemo(built);
  const random = rng(424242);
  for (const m of moduleList(built.modules)) {
    const step = m.seed?.large;
    if (!step) continue;
    const t0 = performance.now();
    const [studentIds, taIds] = await Promise.all([built.modules.users.idsOf('STUDENT'), built.modules.users.idsOf('TA')]);
    await step.run({ db, random, studentIds, taIds });
    log(`${step.name} in ${Math.round(performance.now() - t0)} ms`);
  }
  // Bulk inserts leave the planner's statistics behind and the rows' visibility unrecorded, which
  // autovacuum (PostgreSQL) or the nightly db.vacuum (PGlite, db/maintenance.ts) settles later:
  // measured before that, plans and scans would be ones no running center gets.
  await db.execute(sql`vacuum (analyze)`);
}
