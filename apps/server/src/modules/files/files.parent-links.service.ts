import type { ParentLinkReply } from '@academy/contracts/files-replies';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { compareKorean, formatKoreanDate } from '@academy/contracts/format';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAudit } from '../../lib/audit/audit.ts';
import { queueSms } from '../../lib/sms/outbox.ts';
import { studentProfiles } from '../students/students.table.ts';
import { users } from '../users/users.table.ts';
import { kstDay, type FilesService } from './files.service.ts';
import { fileParentLinks, files } from './files.table.ts';

export const PARENT_LINK_DEFAULT_DAYS = 7;
export const PARENT_LINK_MAX_DAYS = 30;
/** 24 random bytes = 192 bits, 32 characters in base64url. */
const TOKEN_BYTES = 24;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

type LinkRow = typeof fileParentLinks.$inferSelect;

export type ParentLinkDto = ParentLinkReply;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The one answer for every token that does not open a file, so a token reveals nothing about others. */
const linkGone = () => notFound('links.not_found', '링크가 만료되었거나 더 이상 사용할 수 없습니다. 학원에 새 링크를 요청해 주세요');

export type ParentLinksService = ReturnType<typeof createParentLinksService>;

export function createParentLinksService(ctx: AppContext, filesSvc: FilesService) {
  const { db } = ctx;

  function toDto(row: LinkRow, names: { studentName: string | null; createdByName: string | null }): ParentLinkDto {
    const status = row.revokedAt ? 'revoked' : row.expiresAt <= ctx.now() ? 'expired' : 'active';
    return {
      id: row.id,
      fileId: row.fileId,
      studentId: row.studentId,
      studentName: names.studentName,
      status,
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      smsPhone: row.smsPhone,
      openCount: row.openCount,
      firstOpenedAt: row.firstOpenedAt?.toISOString() ?? null,
      lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      createdByName: names.createdByName,
    };
  }

  async function liveFile(fileId: number) {
    const [row] = await db.select().from(files).where(and(eq(files.id, fileId), isNull(files.deletedAt)));
    if (!row || row.status !== 'available') throw notFound('files.not_found', '파일을 찾을 수 없습니다');
    return row;
  }

  async function studentsWithParents(ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: users.id, name: users.name, loginId: users.loginId, parentPhone: studentProfiles.parentPhone })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(and(inArray(users.id, ids), eq(users.userType, 'STUDENT'), isNull(users.deletedAt)));
  }

  return {
    /** One link per chosen student (or one link without a student); with sendSms, texted to each parent. */
    async create(actor: AuthUser, opts: { fileId: number; studentIds: number[]; expiresInDays: number; sendSms: boolean; origin: string }) {
      const file = await liveFile(opts.fileId);
      if (!file.hasParentAccess) throw conflict('files.parent_access_off', '학부모 공개가 꺼져 있는 파일입니다. 먼저 학부모 공개를 켜 주세요');
      const ids = [...new Set(opts.studentIds)];
      if (opts.sendSms && ids.length === 0) throw badRequest('links.students_required', 'studentIds: 문자를 보내려면 학생을 한 명 이상 골라 주세요');
      const found = await studentsWithParents(ids);
      const missing = ids.filter((id) => !found.some((s) => s.id === id));
      if (missing.length) throw badRequest('links.student_invalid', `studentIds: 학생을 찾을 수 없습니다 (${missing.join(', ')})`);
      if (opts.sendSms) {
        const noPhone = found.filter((s) => !s.parentPhone).map((s) => s.name);
        if (noPhone.length) throw badRequest('links.parent_phone_missing', `studentIds: 학부모 연락처가 없는 학생이 있습니다 (${noPhone.sort(compareKorean).join(', ')})`);
      }
      const targets = ids.length ? ids.map((id) => found.find((s) => s.id === id)!) : [null];
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + opts.expiresInDays * DAY_MS);
      const until = formatKoreanDate(kstDay(expiresAt).key);
      const [creator] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
      return db.transaction(async (tx) => {
        const out: (ParentLinkDto & { url: string })[] = [];
        for (const student of targets) {
          const token = randomBytes(TOKEN_BYTES).toString('base64url');
          const url = `${opts.origin}/link/file/${token}`;
          const smsPhone = opts.sendSms && student ? student.parentPhone : null;
          const [row] = await tx
            .insert(fileParentLinks)
            .values({ fileId: file.id, studentId: student?.id ?? null, tokenHash: hashToken(token), expiresAt, smsPhone, createdBy: actor.userId, createdAt: now })
            .returning();
          if (smsPhone && student) {
            await queueSms(tx, {
              toPhone: smsPhone,
              body: `[학원] ${student.name} 학부모님, '${file.fileName}' 자료를 보내드립니다. ${url} (${until}까지)`,
              purpose: 'file_parent_link',
              userId: student.id,
              createdBy: actor.userId,
            });
          }
          await recordAudit(tx, {
            actorId: actor.userId,
            action: 'file.parent_link_create',
            entity: 'file_parent_link',
            entityId: row!.id,
            after: { fileId: file.id, fileName: file.fileName, studentId: student?.id ?? null, expiresAt: expiresAt.toISOString(), smsPhone },
          });
          out.push({ ...toDto(row!, { studentName: student?.name ?? null, createdByName: creator?.name ?? null }), url });
        }
        return out;
      });
    },

    /** The links of a file (newest first) and the students staff can make links for. */
    async list(fileId: number) {
      const file = await liveFile(fileId);
      const creator = sql<string | null>`(select u.name from users u where u.id = ${fileParentLinks.createdBy})`;
      const rows = await db
        .select({ l: fileParentLinks, studentName: users.name, createdByName: creator })
        .from(fileParentLinks)
        .leftJoin(users, eq(users.id, fileParentLinks.studentId))
        .where(eq(fileParentLinks.fileId, file.id))
        .orderBy(desc(fileParentLinks.createdAt), desc(fileParentLinks.id));
      const granted = file.weeklyLectureId ? await filesSvc.grantedStudentIds(file.weeklyLectureId) : [];
      const students = (await studentsWithParents(granted)).sort((a, b) => compareKorean(a.name, b.name));
      return {
        hasParentAccess: file.hasParentAccess,
        links: rows.map((r) => toDto(r.l, { studentName: r.studentName, createdByName: r.createdByName })),
        students: students.map((s) => ({ id: s.id, name: s.name, loginId: s.loginId, parentPhone: s.parentPhone ?? null })),
      };
    },

    async revoke(actor: AuthUser, linkId: number) {
      const [row] = await db.select().from(fileParentLinks).where(eq(fileParentLinks.id, linkId));
      if (!row) throw notFound('links.not_found', '학부모 링크를 찾을 수 없습니다');
      const updated = await db.transaction(async (tx) => {
        if (row.revokedAt) return row;
        const [u] = await tx.update(fileParentLinks).set({ revokedAt: ctx.now(), revokedBy: actor.userId }).where(eq(fileParentLinks.id, row.id)).returning();
        await recordAudit(tx, { actorId: actor.userId, action: 'file.parent_link_revoke', entity: 'file_parent_link', entityId: row.id, before: { revokedAt: null }, after: { fileId: row.fileId, revokedAt: u!.revokedAt!.toISOString() } });
        return u!;
      });
      const [student] = row.studentId ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.studentId)) : [];
      const [creator] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy));
      return toDto(updated, { studentName: student?.name ?? null, createdByName: creator?.name ?? null });
    },

    /**
     * A parent opens the link: the file's name, size and the child's name, with a short signed URL.
     * Unknown, expired, revoked, a deleted file, parent access switched off: all the same 404.
     */
    async open(token: string) {
      if (!TOKEN_SHAPE.test(token)) throw linkGone();
      const [link] = await db.select().from(fileParentLinks).where(eq(fileParentLinks.tokenHash, hashToken(token)));
      const now = ctx.now();
      if (!link || link.revokedAt || link.expiresAt <= now) throw linkGone();
      let download;
      try {
        download = await filesSvc.parentDownloadUrl({ fileId: link.fileId, studentId: link.studentId, inline: false });
      } catch (err) {
        if (err instanceof AppError && err.status === 404) throw linkGone();
        throw err;
      }
      await db
        .update(fileParentLinks)
        .set({ openCount: sql`${fileParentLinks.openCount} + 1`, firstOpenedAt: sql`coalesce(${fileParentLinks.firstOpenedAt}, ${now.toISOString()}::timestamptz)`, lastOpenedAt: now })
        .where(eq(fileParentLinks.id, link.id));
      const [student] = link.studentId ? await db.select({ name: users.name }).from(users).where(eq(users.id, link.studentId)) : [];
      return {
        fileName: download.fileName,
        contentType: download.contentType,
        fileSize: download.size,
        studentName: student?.name ?? null,
        expiresAt: link.expiresAt.toISOString(),
        download: { url: download.url, expiresAt: download.expiresAt },
      };
    },
  };
}
