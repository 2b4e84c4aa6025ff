import { candidateCheckDigit } from '@academy/contracts/omr';
import { inArray } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { OmrDeps } from './omr.deps.ts';
import { omrCandidateNumbers } from './omr.table.ts';

/**
 * 수험번호: 8 digits a student marks on a blank sheet, assigned once per student and kept for every
 * exam: seven random digits and a check digit, so a single wrong digit never names another student.
 */
export function createNumberService({ ctx }: Pick<OmrDeps, 'ctx'>) {
  const { db } = ctx;

  return {
    /** The numbers of these students, assigning one to each student who has none yet. */
    async ensure(userIds: readonly number[]): Promise<Map<number, string>> {
      const unique = [...new Set(userIds)];
      if (!unique.length) return new Map();
      for (let attempt = 0; attempt < 5; attempt++) {
        const have = await db.select().from(omrCandidateNumbers).where(inArray(omrCandidateNumbers.userId, unique));
        const missing = unique.filter((id) => !have.some((h) => h.userId === id));
        if (!missing.length) return new Map(have.map((h) => [h.userId, h.number]));
        const values = missing.map((userId) => {
          const first7 = String(randomInt(1_000_000, 10_000_000));
          return { userId, number: first7 + candidateCheckDigit(first7) };
        });
        // A number drawn twice (1 in 9 million) or a student numbered by a concurrent request is simply retried.
        await db.insert(omrCandidateNumbers).values(values).onConflictDoNothing();
      }
      throw new Error('could not assign candidate numbers');
    },

    /** Who holds these numbers. */
    async owners(numbers: readonly string[]): Promise<Map<string, number>> {
      if (!numbers.length) return new Map();
      const rows = await db.select().from(omrCandidateNumbers).where(inArray(omrCandidateNumbers.number, [...new Set(numbers)]));
      return new Map(rows.map((r) => [r.number, r.userId]));
    },
  };
}
export type NumberService = ReturnType<typeof createNumberService>;
