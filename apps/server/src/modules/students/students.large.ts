import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { GRADES, mobile, pick, SCHOOLS } from '../../db/seed/korean.ts';
import type { LargeSeedStep } from '../../db/seed/seed.ts';
import { userAccounts } from '../users/index.ts';
import { isStudent } from './students.rows.ts';
import { searchColumns } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

const BATCH = 1000;

/**
 * The students step of `seed:large`: a profile (school, grade, parent phone, search columns) for
 * every generated student that has none yet (or whose search tokens are empty), written the way
 * the service writes them. Idempotent.
 */
export const largeStudentsStep: LargeSeedStep = {
  name: 'students: profiles and search columns of the generated students',
  run: async ({ db, random }) => {
    const missing = await db
      .select({ id: userAccounts.id, name: userAccounts.name, loginId: userAccounts.loginId, phone: userAccounts.phone, parentPhone: studentProfiles.parentPhone })
      .from(userAccounts)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, userAccounts.id))
      .where(and(isStudent, or(isNull(studentProfiles.userId), sql`${studentProfiles.searchTokens} = '{}'`)))
      .orderBy(userAccounts.id);
    for (let i = 0; i < missing.length; i += BATCH) {
      const rows = missing.slice(i, i + BATCH).map((s) => {
        const parentPhone = s.parentPhone ?? mobile(random);
        return { userId: s.id, parentPhone, school: pick(random, SCHOOLS), grade: pick(random, GRADES), ...searchColumns({ ...s, parentPhone }) };
      });
      await db
        .insert(studentProfiles)
        .values(rows)
        .onConflictDoUpdate({ target: studentProfiles.userId, set: { searchText: sql`excluded.${sql.identifier(studentProfiles.searchText.name)}`, searchTokens: sql`excluded.${sql.identifier(studentProfiles.searchTokens.name)}` } });
    }
    if (missing.length) await db.execute(sql`analyze ${studentProfiles}`);
  },
};
