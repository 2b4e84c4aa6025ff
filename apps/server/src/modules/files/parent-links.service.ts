import { FILES_ERRORS, LINKS_ERRORS, type MadeParentLink, type ParentLink, type ParentLinks, type SharedFile } from '@academy/contracts/files';
import { compareKorean, formatKoreanDate } from '@academy/contracts/format';
import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { AppError, appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { DownloadService } from './downloads.service.ts';
import type { FilesDeps } from './files.deps.ts';
import type { FileRecords } from './files.records.ts';
import { kstDay } from './files.rows.ts';
import { fileParentLinks } from './files.table.ts';
import type { PermissionService } from './permissions.service.ts';

/** 24 random bytes = 192 bits, 32 characters in base64url. */
const TOKEN_BYTES = 24;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

type LinkRow = typeof fileParentLinks.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The one answer for every token that does not open a file, so a token reveals nothing about others. */
const linkGone = () => appError(LINKS_ERRORS.not_found, '링크가 만료되었거나 더 이상 사용할 수 없습니다. 학원에 새 링크를 요청해 주세요');

export type ParentLinkService = ReturnType<typeof createParentLinkService>;

/**
 * Parent links (PRODUCT.md: parents have no account). Staff text a parent `/link/file/<token>`,
 * which opens one file and nothing else. Only the token's SHA-256 is stored.
 */
export function createParentLinkService(deps: Pick<FilesDeps, 'ctx' | 'users' | 'students'> & { records: FileRecords; permissions: PermissionService; downloads: DownloadService }) {
  const { ctx, users, students, records, permissions, downloads } = deps;
  const { db } = ctx;

  function toLink(row: LinkRow, names: Map<number, { name: string }>): ParentLink {
    const status = row.revokedAt ? 'revoked' : row.expiresAt <= ctx.now() ? 'expired' : 'active';
    return {
      id: row.id,
      fileId: row.fileId,
      studentId: row.studentId,
      studentName: row.studentId === null ? null : (names.get(row.studentId)?.name ?? null),
      status,
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      smsPhone: row.smsPhone,
      openCount: row.openCount,
      firstOpenedAt: row.firstOpenedAt?.toISOString() ?? null,
      lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      createdByName: names.get(row.createdBy)?.name ?? null,
    };
  }

  /** Names of the students and creators of some links. */
  const namesOf = (rows: LinkRow[]) => users.directory(rows.flatMap((r) => (r.studentId === null ? [r.createdBy] : [r.createdBy, r.studentId])));

  async function liveFile(fileId: number) {
    const row = await records.find(fileId);
    if (!row || row.status !== 'available') throw appError(FILES_ERRORS.not_found, '파일을 찾을 수 없습니다');
    return row;
  }

  return {
    /** One link per chosen student (or one link without a student); with sendSms, texted to each parent. */
    async create(opts: { actor: AuthUser; fileId: number; studentIds: number[]; expiresInDays: number; sendSms: boolean; origin: string }): Promise<MadeParentLink[]> {
      const { actor } = opts;
      const file = await liveFile(opts.fileId);
      if (!file.hasParentAccess) throw appError(FILES_ERRORS.parent_access_off, '학부모 공개가 꺼져 있는 파일입니다. 먼저 학부모 공개를 켜 주세요');
      const ids = [...new Set(opts.studentIds)];
      if (opts.sendSms && ids.length === 0) throw appError(LINKS_ERRORS.students_required, '문자를 보내려면 학생을 한 명 이상 골라 주세요', { field: 'studentIds' });
      const contacts = await students.contactsOf(ids);
      const missing = ids.filter((id) => !contacts.has(id));
      if (missing.length) throw appError(LINKS_ERRORS.student_invalid, `학생을 찾을 수 없습니다 (${missing.join(', ')})`, { field: 'studentIds' });
      if (opts.sendSms) {
        const noPhone = ids.filter((id) => !contacts.get(id)!.parentPhone).map((id) => contacts.get(id)!.name);
        if (noPhone.length) throw appError(LINKS_ERRORS.parent_phone_missing, `학부모 연락처가 없는 학생이 있습니다 (${noPhone.sort(compareKorean).join(', ')})`, { field: 'studentIds' });
      }
      const targets = ids.length ? ids.map((id) => ({ id, ...contacts.get(id)! })) : [null];
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + opts.expiresInDays * DAY_MS);
      const until = formatKoreanDate(kstDay(expiresAt).key);
      const creator = (await users.directory([actor.userId])).get(actor.userId);
      return db.transaction(async () => {
        const out: MadeParentLink[] = [];
        for (const student of targets) {
          const token = randomBytes(TOKEN_BYTES).toString('base64url');
          const url = `${opts.origin}/link/file/${token}`;
          const smsPhone = opts.sendSms && student ? student.parentPhone : null;
          const [row] = await db
            .insert(fileParentLinks)
            .values({ fileId: file.id, studentId: student?.id ?? null, tokenHash: hashToken(token), expiresAt, smsPhone, createdBy: actor.userId, createdAt: now })
            .returning();
          if (smsPhone && student) {
            await ctx.sms.queue({
              toPhone: smsPhone,
              body: `[학원] ${student.name} 학부모님, '${file.fileName}' 자료를 보내드립니다. ${url} (${until}까지)`,
              purpose: 'file_parent_link',
              userId: student.id,
              createdBy: actor.userId,
            });
          }
          await ctx.audit.record({
            actorId: actor.userId,
            action: 'file.parent_link_create',
            entity: 'file_parent_link',
            entityId: row!.id,
            after: { fileId: file.id, fileName: file.fileName, studentId: student?.id ?? null, expiresAt: expiresAt.toISOString(), smsPhone },
          });
          const names = new Map<number, { name: string }>(creator ? [[actor.userId, creator]] : []);
          if (student) names.set(student.id, student);
          out.push({ ...toLink(row!, names), url });
        }
        return out;
      });
    },

    /** The links of a file (newest first) and the students staff can make links for (with their parent phone). */
    async list(fileId: number): Promise<ParentLinks> {
      const file = await liveFile(fileId);
      const rows = await db.select().from(fileParentLinks).where(eq(fileParentLinks.fileId, file.id)).orderBy(desc(fileParentLinks.createdAt), desc(fileParentLinks.id));
      const names = await namesOf(rows);
      const granted = file.weeklyLectureId ? await permissions.grantedStudentIds(file.weeklyLectureId) : [];
      const [contacts, accounts] = await Promise.all([students.contactsOf(granted), users.directory(granted)]);
      const grantedStudents = [...contacts.entries()]
        .map(([id, c]) => ({ id, name: c.name, loginId: accounts.get(id)?.loginId ?? '', parentPhone: c.parentPhone }))
        .sort((a, b) => compareKorean(a.name, b.name));
      return { hasParentAccess: file.hasParentAccess, links: rows.map((r) => toLink(r, names)), students: grantedStudents };
    },

    /** Revokes a link at once (idempotent). */
    async revoke(opts: { actor: AuthUser; linkId: number }): Promise<ParentLink> {
      const [row] = await db.select().from(fileParentLinks).where(eq(fileParentLinks.id, opts.linkId));
      if (!row) throw appError(LINKS_ERRORS.not_found, '학부모 링크를 찾을 수 없습니다');
      const updated = await db.transaction(async () => {
        if (row.revokedAt) return row;
        const [u] = await db.update(fileParentLinks).set({ revokedAt: ctx.now(), revokedBy: opts.actor.userId }).where(eq(fileParentLinks.id, row.id)).returning();
        await ctx.audit.record({
          actorId: opts.actor.userId, action: 'file.parent_link_revoke', entity: 'file_parent_link', entityId: row.id,
          before: { revokedAt: null }, after: { fileId: row.fileId, revokedAt: u!.revokedAt!.toISOString() },
        });
        return u!;
      });
      return toLink(updated, await namesOf([updated]));
    },

    /**
     * A parent opens the link: the file's name, size and the child's name, with a short signed URL.
     * Unknown, expired, revoked, a deleted file, parent access switched off: all the same 404.
     */
    async open(token: string): Promise<SharedFile> {
      if (!TOKEN_SHAPE.test(token)) throw linkGone();
      const [link] = await db.select().from(fileParentLinks).where(eq(fileParentLinks.tokenHash, hashToken(token)));
      const now = ctx.now();
      if (!link || link.revokedAt || link.expiresAt <= now) throw linkGone();
      let download;
      try {
        download = await downloads.forParent({ fileId: link.fileId, studentId: link.studentId });
      } catch (err) {
        if (err instanceof AppError && err.status === 404) throw linkGone();
        throw err;
      }
      if (!download) throw linkGone();
      await db
        .update(fileParentLinks)
        .set({ openCount: sql`${fileParentLinks.openCount} + 1`, firstOpenedAt: sql`coalesce(${fileParentLinks.firstOpenedAt}, ${now.toISOString()}::timestamptz)`, lastOpenedAt: now })
        .where(eq(fileParentLinks.id, link.id));
      const student = link.studentId === null ? undefined : (await users.directory([link.studentId])).get(link.studentId);
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
