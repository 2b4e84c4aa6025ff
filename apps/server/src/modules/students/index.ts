import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { userAccounts } from '../users/index.ts';
import { studentProfiles } from './students.table.ts';

/**
 * TEMPORARY public face of the students module while it moves to the module kit: only the
 * contacts other modules need. Replaced by the full module.
 */
export function createStudentsModule({ ctx }: { ctx: AppContext }) {
  return {
    async contactsOf(ids: readonly number[]): Promise<Map<number, { name: string; phone: string | null; parentPhone: string | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await ctx.db
        .select({ id: userAccounts.id, name: userAccounts.name, phone: userAccounts.phone })
        .from(userAccounts)
        .where(inArray(userAccounts.id, [...new Set(ids)]));
      const profiles = await ctx.db.select({ userId: studentProfiles.userId, parentPhone: studentProfiles.parentPhone }).from(studentProfiles).where(inArray(studentProfiles.userId, [...new Set(ids)]));
      const parent = new Map(profiles.map((p) => [p.userId, p.parentPhone]));
      return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone, parentPhone: parent.get(r.id) ?? null }]));
    },
  };
}
