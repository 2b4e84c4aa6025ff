import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { userAccounts } from '../users/index.ts';
import { studentProfiles } from './students.table.ts';

export type StudentsModule = ReturnType<typeof createStudentsModule>;

/**
 * The students module's public face. For now only what the files module needs (parent phones for
 * parent links); the rest of the area is still registered from legacy-modules.ts.
 */
export function createStudentsModule({ ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  return {
    /** Names and phones of live students by id (with the parent's phone); other ids are left out. */
    async contactsOf(ids: readonly number[]): Promise<Map<number, { name: string; phone: string | null; parentPhone: string | null }>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ id: userAccounts.id, name: userAccounts.name, phone: userAccounts.phone, parentPhone: studentProfiles.parentPhone })
        .from(userAccounts)
        .leftJoin(studentProfiles, eq(studentProfiles.userId, userAccounts.id))
        .where(and(inArray(userAccounts.id, unique), eq(userAccounts.userType, 'STUDENT'), isNull(userAccounts.deletedAt)));
      return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone, parentPhone: r.parentPhone ?? null }]));
    },
  };
}
