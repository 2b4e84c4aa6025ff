import { FILES_ERRORS, type MadeParentLink, type ParentLink, type ParentLinks, type SharedFile } from '@academy/contracts/files';
import { compareKorean, formatKoreanDate } from '@academy/contracts/format';
import { PUBLIC_LINK_ERRORS } from '@academy/contracts/links';
import { AppError, appError } from '../../lib/errors.ts';
import type { PublicLink } from '../../lib/links/links.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { DownloadService } from './downloads.service.ts';
import type { FilesDeps } from './files.deps.ts';
import type { FileRecords } from './files.records.ts';
import type { PermissionService } from './permissions.service.ts';

/** The purpose of the files area's links among the kernel's public links (`ctx.links`); the subject is the file. */
const PURPOSE = 'file';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A live token whose file cannot be shown any more (deleted, parent access switched off). */
const fileGone = () => appError(PUBLIC_LINK_ERRORS.not_found, '자료를 더 이상 받을 수 없습니다. 필요하시면 학원에 새 링크를 요청해 주세요');

export type ParentLinkService = ReturnType<typeof createParentLinkService>;

/**
 * Parent links (PRODUCT.md: parents have no account). Staff text a parent `/link/file/<token>`,
 * which opens one file and nothing else. Only the token's SHA-256 is stored.
 */
export function createParentLinkService(deps: Pick<FilesDeps, 'ctx' | 'users' | 'students'> & { records: FileRecords; permissions: PermissionService; downloads: DownloadService }) {
  const { ctx, users, students, records, permissions, downloads } = deps;
  const { db, links } = ctx;

  function toLink(row: PublicLink, names: Map<number, { name: string }>): ParentLink {
    return {
      id: row.id,
      fileId: row.subjectId,
      studentId: row.studentId,
      studentName: row.studentId === null ? null : (names.get(row.studentId)?.name ?? null),
      status: links.statusOf(row, ctx.now()),
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
  const namesOf = (rows: PublicLink[]) => users.directory(rows.flatMap((r) => (r.studentId === null ? [r.createdBy] : [r.createdBy, r.studentId])));

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
      if (opts.sendSms && ids.length === 0) throw appError(PUBLIC_LINK_ERRORS.students_required, '문자를 보내려면 학생을 한 명 이상 골라 주세요', { field: 'studentIds' });
      const contacts = await students.contactsOf(ids);
      const missing = ids.filter((id) => !contacts.has(id));
      if (missing.length) throw appError(PUBLIC_LINK_ERRORS.student_invalid, `학생을 찾을 수 없습니다 (${missing.join(', ')})`, { field: 'studentIds' });
      if (opts.sendSms) {
        const noPhone = ids.filter((id) => !contacts.get(id)!.parentPhone).map((id) => contacts.get(id)!.name);
        if (noPhone.length) throw appError(PUBLIC_LINK_ERRORS.parent_phone_missing, `학부모 연락처가 없는 학생이 있습니다 (${noPhone.sort(compareKorean).join(', ')})`, { field: 'studentIds' });
      }
      const targets = ids.length ? ids.map((id) => ({ id, ...contacts.get(id)! })) : [null];
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + opts.expiresInDays * DAY_MS);
      const until = formatKoreanDate(expiresAt);
      const creator = (await users.directory([actor.userId])).get(actor.userId);
      return db.transaction(async () => {
        const out: MadeParentLink[] = [];
        for (const student of targets) {
          const smsPhone = opts.sendSms && student ? student.parentPhone : null;
          const { link: row, token } = await links.create({ purpose: PURPOSE, subjectId: file.id, studentId: student?.id ?? null, expiresAt, smsPhone, createdBy: actor.userId, now });
          const url = `${opts.origin}/link/file/${token}`;
          if (smsPhone && student) {
            await ctx.sms.queue({
              toPhone: smsPhone,
              body: `${student.name} 학부모님, '${file.fileName}' 자료를 보내드립니다. ${url} (${until}까지)`,
              signed: true,
              purpose: 'file_parent_link',
              userId: student.id,
              createdBy: actor.userId,
            });
          }
          await ctx.audit.record({
            actorId: actor.userId,
            action: 'file.parent_link_create',
            entity: 'file_parent_link',
            entityId: row.id,
            after: { fileId: file.id, fileName: file.fileName, studentId: student?.id ?? null, expiresAt: expiresAt.toISOString(), smsPhone },
          });
          const names = new Map<number, { name: string }>(creator ? [[actor.userId, creator]] : []);
          if (student) names.set(student.id, student);
          out.push({ ...toLink(row, names), url });
        }
        return out;
      });
    },

    /** The links of a file (newest first) and the students staff can make links for (with their parent phone). */
    async list(fileId: number): Promise<ParentLinks> {
      const file = await liveFile(fileId);
      const rows = await links.listOf({ purpose: PURPOSE, subjectId: file.id });
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
      const revoked = await db.transaction(async () => {
        const result = await links.revoke({ purpose: PURPOSE, id: opts.linkId, by: opts.actor.userId, now: ctx.now() });
        if (!result) throw appError(PUBLIC_LINK_ERRORS.not_found, '학부모 링크를 찾을 수 없습니다');
        const { link, changed } = result;
        if (changed) {
          await ctx.audit.record({
            actorId: opts.actor.userId, action: 'file.parent_link_revoke', entity: 'file_parent_link', entityId: link.id,
            before: { revokedAt: null }, after: { fileId: link.subjectId, revokedAt: link.revokedAt!.toISOString() },
          });
        }
        return link;
      });
      return toLink(revoked, await namesOf([revoked]));
    },

    /**
     * A parent opens the link: the file's name, size and the child's name, with a short signed URL.
     * An unknown token is 404, an expired or revoked one 410 (`ctx.links`); a deleted file or parent
     * access switched off is 404 too.
     */
    async open(token: string): Promise<SharedFile> {
      const now = ctx.now();
      const link = await links.open({ purpose: PURPOSE, token, now });
      let download;
      try {
        download = await downloads.forParent({ fileId: link.subjectId, studentId: link.studentId });
      } catch (err) {
        if (err instanceof AppError && err.status === 404) throw fileGone();
        throw err;
      }
      if (!download) throw fileGone();
      await links.recordOpen({ id: link.id, now });
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
