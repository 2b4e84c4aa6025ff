import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DownloadService } from './downloads.service.ts';
import type { FilesDeps } from './files.deps.ts';
import { files } from './files.table.ts';

export type ParentFile = { id: number; weeklyLectureId: number; fileName: string; contentType: string; size: number };

/**
 * The materials staff shared with parents (parent access on) in some sessions, for pages a parent
 * opens from a text without a per-file link (the parent's week). The caller decides which sessions
 * the parent may see; a download is the same copy a parent file link gives.
 */
export function createParentFileService(deps: Pick<FilesDeps, 'ctx'> & { downloads: DownloadService }) {
  const { ctx, downloads } = deps;
  const { db } = ctx;

  async function ofSessions(weeklyLectureIds: readonly number[]): Promise<ParentFile[]> {
    if (weeklyLectureIds.length === 0) return [];
    const rows = await db
      .select({ id: files.id, weeklyLectureId: files.weeklyLectureId, fileName: files.fileName, contentType: files.contentType, size: files.size })
      .from(files)
      .where(and(inArray(files.weeklyLectureId, [...weeklyLectureIds]), eq(files.kind, 'material'), eq(files.status, 'available'), eq(files.hasParentAccess, true), isNull(files.deletedAt)))
      .orderBy(asc(files.weeklyLectureId), asc(files.id));
    return rows.map((r) => ({ ...r, weeklyLectureId: r.weeklyLectureId! }));
  }

  return {
    ofSessions,
    /** A short download URL of a shared file of these sessions (watermarked for the student); null when it is not one of them. */
    async download(opts: { fileId: number; weeklyLectureIds: readonly number[]; studentId: number }) {
      const shared = await ofSessions(opts.weeklyLectureIds);
      if (!shared.some((f) => f.id === opts.fileId)) return null;
      return downloads.forParent({ fileId: opts.fileId, studentId: opts.studentId });
    },
  };
}
