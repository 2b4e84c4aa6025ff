import { FILES_ERRORS, type FilePermission, type FilePermissionScope } from '@academy/contracts/files';
import { asc, eq } from 'drizzle-orm';
import { AppError, appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FilesDeps } from './files.deps.ts';
import { isStaff, mayHandleReceipt, type FileRow } from './files.rows.ts';
import { weeklyLectureFilePermissions, weeklyLectureFilePermissionStudents } from './files.table.ts';

export type PermissionService = ReturnType<typeof createPermissionService>;

const koreanDateTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * Who may open the materials of a weekly lecture (회차), and from when: the permission editor's
 * rule, and the one check every download, view and parent link goes through.
 */
export function createPermissionService({ ctx, users, lectures }: Pick<FilesDeps, 'ctx' | 'users' | 'lectures'>) {
  const { db } = ctx;

  async function get(weeklyLectureId: number): Promise<FilePermission> {
    const [p] = await db.select().from(weeklyLectureFilePermissions).where(eq(weeklyLectureFilePermissions.weeklyLectureId, weeklyLectureId));
    const selected = await db
      .select({ userId: weeklyLectureFilePermissionStudents.userId })
      .from(weeklyLectureFilePermissionStudents)
      .where(eq(weeklyLectureFilePermissionStudents.weeklyLectureId, weeklyLectureId))
      .orderBy(asc(weeklyLectureFilePermissionStudents.userId));
    return { weeklyLectureId, scope: p?.scope ?? 'participants', availableFrom: p?.availableFrom?.toISOString() ?? null, studentIds: selected.map((s) => s.userId) };
  }

  /** Students the permission grants (before its start time is considered). */
  async function grantedStudentIds(weeklyLectureId: number, permission?: FilePermission): Promise<number[]> {
    const p = permission ?? (await get(weeklyLectureId));
    if (p.scope === 'none') return [];
    if (p.scope === 'selected') return p.studentIds;
    if (p.scope === 'participants') return lectures.participation.participantsOf(weeklyLectureId);
    const session = await lectures.sessions.find(weeklyLectureId);
    return session ? lectures.participation.rosterOf(session.lectureId) : [];
  }

  /** Whether a student may open a weekly lecture's materials now; the error says why not. */
  async function studentMayOpen(opts: { userId: number; weeklyLectureId: number }): Promise<{ ok: true } | { ok: false; error: AppError }> {
    const p = await get(opts.weeklyLectureId);
    if (!(await grantedStudentIds(opts.weeklyLectureId, p)).includes(opts.userId)) {
      return { ok: false, error: appError(FILES_ERRORS.forbidden, '이 자료를 볼 수 있는 수강생이 아닙니다') };
    }
    if (p.availableFrom && new Date(p.availableFrom) > ctx.now()) {
      return { ok: false, error: appError(FILES_ERRORS.not_yet_available, `이 자료는 ${koreanDateTime.format(new Date(p.availableFrom))}부터 열 수 있습니다`) };
    }
    return { ok: true };
  }

  return {
    get,
    grantedStudentIds,
    studentMayOpen,

    /** Row-level rule: staff see everything; a student sees their own uploads and the materials their lectures grant. */
    async ensureMayRead(opts: { actor: AuthUser; row: FileRow }): Promise<void> {
      const { actor, row } = opts;
      if (row.kind === 'receipt') {
        if (mayHandleReceipt(actor, row)) return;
        throw appError(FILES_ERRORS.forbidden, '이 파일에 접근할 권한이 없습니다');
      }
      if (isStaff(actor) || row.ownerId === actor.userId) return;
      if (row.kind !== 'material' || row.weeklyLectureId === null) throw appError(FILES_ERRORS.forbidden, '이 파일에 접근할 권한이 없습니다');
      const r = await studentMayOpen({ userId: actor.userId, weeklyLectureId: row.weeklyLectureId });
      if (!r.ok) throw r.error;
    },

    /** Saves who may open a weekly lecture's materials and from when (audited). */
    async set(opts: { actor: AuthUser; weeklyLectureId: number; scope: FilePermissionScope; availableFrom: string | null; studentIds: number[] }): Promise<FilePermission> {
      const before = await get(opts.weeklyLectureId);
      const ids = [...new Set(opts.studentIds)];
      if (opts.scope === 'selected' && ids.length) await users.requireStudents({ ids, error: FILES_ERRORS.permission_student_invalid, field: 'studentIds' });
      await db.transaction(async () => {
        const values = { weeklyLectureId: opts.weeklyLectureId, scope: opts.scope, availableFrom: opts.availableFrom ? new Date(opts.availableFrom) : null, updatedBy: opts.actor.userId, updatedAt: ctx.now() };
        await db.insert(weeklyLectureFilePermissions).values(values).onConflictDoUpdate({ target: weeklyLectureFilePermissions.weeklyLectureId, set: values });
        await db.delete(weeklyLectureFilePermissionStudents).where(eq(weeklyLectureFilePermissionStudents.weeklyLectureId, opts.weeklyLectureId));
        if (opts.scope === 'selected' && ids.length) {
          await db.insert(weeklyLectureFilePermissionStudents).values(ids.map((userId) => ({ weeklyLectureId: opts.weeklyLectureId, userId })));
        }
        await ctx.audit.record({
          actorId: opts.actor.userId, action: 'file.permission', entity: 'weekly_lecture', entityId: opts.weeklyLectureId,
          before, after: { scope: opts.scope, availableFrom: opts.availableFrom, studentIds: ids },
        });
      });
      return get(opts.weeklyLectureId);
    },
  };
}
