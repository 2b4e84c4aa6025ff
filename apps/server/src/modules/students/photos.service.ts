import { inArray, isNotNull, and, eq } from 'drizzle-orm';
import type { StudentsDeps } from './students.deps.ts';
import { studentProfiles } from './students.table.ts';
import type { createQueryService } from './query.service.ts';

/**
 * Which file is a student's profile photo. The files module checks and processes the photo and
 * calls `set`; this module only keeps the id on the profile and audits the change.
 */
export function createPhotoService(deps: Pick<StudentsDeps, 'ctx'> & { query: ReturnType<typeof createQueryService> }) {
  const { ctx, query } = deps;
  const { db } = ctx;
  return {
    /** Photo file ids of the students that have one. */
    async ofStudents(userIds: readonly number[]): Promise<Map<number, number>> {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ userId: studentProfiles.userId, fileId: studentProfiles.profileImageFileId })
        .from(studentProfiles)
        .where(and(inArray(studentProfiles.userId, unique), isNotNull(studentProfiles.profileImageFileId)));
      return new Map(rows.map((r) => [r.userId, r.fileId!]));
    },

    /** Sets (or clears) a live student's photo in the caller's transaction; returns the previous file id. */
    async set(opts: { studentId: number; fileId: number | null; actorId: number }): Promise<number | null> {
      await query.requireLive(opts.studentId);
      const [before] = await db.select({ fileId: studentProfiles.profileImageFileId }).from(studentProfiles).where(eq(studentProfiles.userId, opts.studentId));
      await db
        .insert(studentProfiles)
        .values({ userId: opts.studentId, profileImageFileId: opts.fileId })
        .onConflictDoUpdate({ target: studentProfiles.userId, set: { profileImageFileId: opts.fileId } });
      await ctx.audit.record({ actorId: opts.actorId, action: 'student.profile_image', entity: 'student', entityId: opts.studentId, before: { fileId: before?.fileId ?? null }, after: { fileId: opts.fileId } });
      return before?.fileId ?? null;
    },
  };
}
