import { asc, inArray } from 'drizzle-orm';
import { GRADES, mobile, pick, rng, SCHOOLS } from '../../db/seed/korean.ts';
import type { DemoSeed } from '../../db/seed/seed.ts';
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

/**
 * Profiles of the demo students (schools, grades, parent phones, birthdays), and each one's first
 * lecture as its representative lecture. The browser tests rely on this data.
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
          const grade = pick(r, GRADES);
          const middle = grade.startsWith('중');
          const schools = SCHOOLS.filter((n) => (middle ? n.endsWith('중') : n.endsWith('고')));
          const parentPhone = mobile(r);
          return {
            userId: s.id,
            parentPhone,
            school: grade === 'N수' ? null : pick(r, schools),
            grade,
            gender: r() < 0.5 ? ('M' as const) : ('F' as const),
            birthDate: `${2008 + Math.floor(r() * 5)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
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
