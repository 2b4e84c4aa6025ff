import { FILES_ERRORS, type MaterialWeek, type SignedUrl, type StoredFile, type StudentFileKind } from '@academy/contracts/files';
import { and, asc, desc, eq, isNull, isNotNull } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FilesDeps } from './files.deps.ts';
import type { FileRecords } from './files.records.ts';
import { toStoredFile } from './files.rows.ts';
import { files, fileViews } from './files.table.ts';
import type { DownloadService } from './downloads.service.ts';
import type { PermissionService } from './permissions.service.ts';

export type PortalService = ReturnType<typeof createPortalService>;

/**
 * The student portal's files (/sp): the materials a student may open now, per lecture and week,
 * with whether they opened each; their own homework and self-study uploads. Every query is keyed
 * by the signed-in student.
 */
export function createPortalService(deps: Pick<FilesDeps, 'ctx' | 'lectures'> & { records: FileRecords; permissions: PermissionService; downloads: DownloadService }) {
  const { ctx, lectures, records, permissions, downloads } = deps;
  const { db } = ctx;

  return {
    /** Materials per lecture and week that the student may open now (newest week first), with `opened`. */
    async materials(opts: { actor: AuthUser; lectureId?: number }): Promise<MaterialWeek[]> {
      const rows = await db
        .select()
        .from(files)
        .where(
          and(
            eq(files.kind, 'material'), eq(files.status, 'available'), isNull(files.deletedAt), isNotNull(files.weeklyLectureId),
            opts.lectureId !== undefined ? eq(files.lectureId, opts.lectureId) : undefined,
          ),
        )
        .orderBy(asc(files.fileName));
      const sessions = await lectures.sessions.describe(rows.map((r) => r.weeklyLectureId!));
      const inSession = rows.filter((r) => sessions.has(r.weeklyLectureId!));
      // Newest week first; within a week by file name (the query's order: the sort is stable).
      const dateOf = (r: (typeof rows)[number]) => sessions.get(r.weeklyLectureId!)!.date;
      inSession.sort((a, b) => (dateOf(a) === dateOf(b) ? 0 : dateOf(a) < dateOf(b) ? 1 : -1));
      const views = await db.select({ fileId: fileViews.fileId }).from(fileViews).where(eq(fileViews.userId, opts.actor.userId));
      const opened = new Set(views.map((v) => v.fileId));
      const allowed = new Map<number, boolean>();
      const weeks = new Map<number, MaterialWeek>();
      for (const r of inSession) {
        const wlId = r.weeklyLectureId!;
        if (!allowed.has(wlId)) allowed.set(wlId, (await permissions.studentMayOpen({ userId: opts.actor.userId, weeklyLectureId: wlId })).ok);
        if (!allowed.get(wlId)) continue;
        const s = sessions.get(wlId)!;
        const w = weeks.get(wlId) ?? { weeklyLectureId: wlId, lectureId: s.lectureId, title: s.title, date: s.date, files: [] };
        w.files.push({ ...toStoredFile(r), opened: opened.has(r.id) });
        weeks.set(wlId, w);
      }
      return [...weeks.values()];
    },

    /** The student's own uploads, newest first. */
    async uploads(opts: { actor: AuthUser; kind?: StudentFileKind }): Promise<StoredFile[]> {
      const where = [eq(files.ownerId, opts.actor.userId), isNull(files.deletedAt), eq(files.status, 'available')];
      if (opts.kind) where.push(eq(files.kind, opts.kind));
      const rows = await db.select().from(files).where(and(...where)).orderBy(desc(files.createdAt), desc(files.id));
      return rows.map((r) => toStoredFile(r));
    },

    /** A student's check that they opened a material (only materials they may open). */
    async checkMaterial(opts: { actor: AuthUser; fileId: number }) {
      const row = await records.require(opts.fileId);
      if (row.kind !== 'material' || row.status !== 'available') throw appError(FILES_ERRORS.not_found, '강의 자료를 찾을 수 없습니다');
      await permissions.ensureMayRead({ actor: opts.actor, row });
      await downloads.recordView({ userId: opts.actor.userId, fileId: row.id });
      return { checked: true };
    },

    /** A self-study file of the student's own, to open in the browser. */
    async selfStudyView(opts: { actor: AuthUser; fileId: number }): Promise<SignedUrl> {
      const row = await records.require(opts.fileId);
      if (row.kind !== 'self_study') throw appError(FILES_ERRORS.not_found, '자습 파일을 찾을 수 없습니다');
      records.ensureOwnerOrStaff(opts.actor, row);
      return downloads.urlFor({ actor: opts.actor, row, inline: true });
    },
  };
}
