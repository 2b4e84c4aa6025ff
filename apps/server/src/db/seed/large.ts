import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { largeLecturesStep } from '../../modules/lectures/lectures.large.ts';
import { users } from '../../modules/users/users.table.ts';
import type { Database, Db } from '../client.ts';
import { seedDemo } from './demo.ts';
import { koreanName, mobile, rng } from './korean.ts';

/** The size of the generated center used by benchmarks (issue 2: "a large generated center"). */
export const LARGE = { students: 10_000, tas: 30, lectures: 60, weeksPerLecture: 40 } as const;

export type LargeSeedContext = { db: Db; database: Database; random: () => number; studentIds: number[]; taIds: number[] };

export type LargeSeedStep = { name: string; run: (c: LargeSeedContext) => Promise<void> };

/**
 * The step of each area that fills its tables for the large center (profiles, tags, lectures ×
 * weeks …), imported and listed here in order. Steps run after the accounts exist, in batches
 * (no shared transaction); each must be idempotent on an already-seeded database.
 */
const largeSeedSteps: LargeSeedStep[] = [
  largeLecturesStep,
];

const BATCH = 1000;

/**
 * Fills the database with the demo accounts plus a large generated center. Passwords of the
 * generated accounts share one hash (hashing 10,000 passwords would take minutes and prove nothing).
 */
export async function seedLarge(ctx: Pick<AppContext, 'db' | 'database'> & AppContext, log: (m: string) => void = () => {}): Promise<void> {
  const { db } = ctx;
  await seedDemo(ctx);
  const [students] = await db.select({ n: count() }).from(users).where(eq(users.userType, 'STUDENT'));
  const random = rng(424242);
  if ((students?.n ?? 0) < LARGE.students) {
    const t0 = performance.now();
    const studentHash = await hashPassword('student1234!');
    const taHash = await hashPassword('ta1234!');
    for (let start = 0; start < LARGE.students; start += BATCH) {
      await db.insert(users).values(
        Array.from({ length: Math.min(BATCH, LARGE.students - start) }, (_, i) => ({
          loginId: `s${String(start + i + 1).padStart(5, '0')}`,
          passwordHash: studentHash,
          userType: 'STUDENT' as const,
          name: koreanName(random),
          phone: mobile(random),
        })),
      );
    }
    await db.insert(users).values(
      Array.from({ length: LARGE.tas }, (_, i) => ({
        loginId: `bta${String(i + 1).padStart(2, '0')}`,
        passwordHash: taHash,
        userType: 'TA' as const,
        name: koreanName(random),
        phone: mobile(random),
      })),
    );
    log(`accounts: ${LARGE.students} students, ${LARGE.tas} TAs in ${Math.round(performance.now() - t0)} ms`);
  }
  const studentIds = (await db.select({ id: users.id }).from(users).where(eq(users.userType, 'STUDENT'))).map((r) => r.id);
  const taIds = (await db.select({ id: users.id }).from(users).where(eq(users.userType, 'TA'))).map((r) => r.id);
  for (const step of largeSeedSteps) {
    const t0 = performance.now();
    await step.run({ db, database: ctx.database, random, studentIds, taIds });
    log(`${step.name} in ${Math.round(performance.now() - t0)} ms`);
  }
  // Bulk inserts leave the planner's statistics behind (autovacuum analyses later); plans measured
  // on stale statistics would be plans no running center ever gets.
  await ctx.database.query('analyze');
}
