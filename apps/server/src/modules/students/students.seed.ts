import { asc, inArray } from 'drizzle-orm';
import { mobile, rng } from '../../db/seed/korean.ts';
import type { DemoSeed } from '../../db/seed/seed.ts';
import { demoGradeOf } from '../lectures/index.ts';
import { userAccounts } from '../users/index.ts';
import type { StudentsDeps } from './students.deps.ts';
import { isStudent } from './students.rows.ts';
import { searchColumns } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

const streams = new WeakMap<DemoSeed, () => number>();

/**
 * The random stream of the demo students: profiles draw from it first, then the student records'
 * demo (scores) continues it. One stream, as when both were seeded together, keeps the demo the
 * same run after run.
 */
export function demoRandom(seed: DemoSeed): () => number {
  let r = streams.get(seed);
  if (!r) streams.set(seed, (r = rng(4_2026)));
  return r;
}

/** Birth year of a student in a grade in the 2026 school year (고1 = 2010). */
const BIRTH_YEAR: Record<string, number> = { 중2: 2012, 중3: 2011, 고1: 2010, 고2: 2009, 고3: 2008 };

/**
 * Profiles of the demo students (parent phones, birthdays; grade and school as their lectures
 * expect, `lectures.demoGradeOf`), and each one's first lecture as its representative lecture.
 * The browser tests rely on this data.
 */
export async function seedDemoStudents({ ctx, lectures }: Pick<StudentsDeps, 'ctx' | 'lectures'>, seed: DemoSeed): Promise<void> {
  const { db } = ctx;
  const r = demoRandom(seed);
  const students = await db
    .select({ id: userAccounts.id, name: userAccounts.name, loginId: userAccounts.loginId, phone: userAccounts.phone })
    .from(userAccounts)
    .where(isStudent)
    .orderBy(asc(userAccounts.id));
  if (students.length === 0) return;

  // Each student's first demo lecture (the lowest id) becomes the representative one.
  const lectureIds = [...seed.lectures.values()].map((l) => l.id).sort((a, b) => a - b);
  const firstLecture = new Map<number, number>();
  for (const lectureId of lectureIds) {
    for (const userId of await lectures.participation.rosterOf(lectureId)) if (!firstLecture.has(userId)) firstLecture.set(userId, lectureId);
  }

  await db.transaction(async () => {
    await db
      .insert(studentProfiles)
      .values(
        students.map((s) => {
          const { grade, school } = demoGradeOf(Number(/\d+$/.exec(s.loginId)?.[0] ?? 1));
          const parentPhone = mobile(r);
          return {
            userId: s.id,
            parentPhone,
            school,
            grade,
            gender: r() < 0.5 ? ('M' as const) : ('F' as const),
            birthDate: `${BIRTH_YEAR[grade]}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
            memo: '',
            ...searchColumns({ name: s.name, loginId: s.loginId, phone: s.phone, parentPhone }),
          };
        }),
      )
      .onConflictDoNothing();
    for (const lectureId of new Set(firstLecture.values())) {
      const userIds = [...firstLecture].filter(([, l]) => l === lectureId).map(([u]) => u);
      await db.update(studentProfiles).set({ representativeLectureIds: [lectureId] }).where(inArray(studentProfiles.userId, userIds));
    }
  });
}
