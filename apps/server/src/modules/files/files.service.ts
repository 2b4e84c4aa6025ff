import type { FilePermissionReply, FileReply } from '@academy/contracts/files-replies';
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  FILE_SIZE_LIMIT,
  FILE_TYPES,
  fileExtension,
  formatFileSize,
  MATERIAL_REFUSED_FAMILIES,
  MAX_PARTS,
  PART_SIZE,
  sanitizeFileName,
  STUDENT_FILE_KINDS,
  WATERMARKABLE_FAMILIES,
  type FileKind,
} from '@academy/contracts/files';
import { hasPermission } from '@academy/contracts/roles';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { LocalStorage } from '../../lib/storage/local.ts';
import { StorageError, type Storage } from '../../lib/storage/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAudit } from '../../lib/audit/audit.ts';
import { lectureStudents, weeklyLectureParticipants, weeklyLectures } from '../lectures/lectures.table.ts';
import { users } from '../users/users.table.ts';
import { checkContent, SNIFF_BYTES } from './files.sniff.ts';
import { files, fileViews, fileWatermarks, weeklyLectureFilePermissions, weeklyLectureFilePermissionStudents } from './files.table.ts';
import { watermarkImage, watermarkPdf, WatermarkError, type WatermarkText } from './files.watermark.ts';

/** A PUT URL lives 15 minutes; a multipart upload may take a day on a slow line. */
const PUT_URL_TTL_SEC = 15 * 60;
const SINGLE_UPLOAD_WINDOW_MS = 60 * 60 * 1000;
const MULTIPART_URL_TTL_SEC = 6 * 60 * 60;
const MULTIPART_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Download URLs are short: they are handed out per click. */
const GET_URL_TTL_SEC = 5 * 60;

export type FileRow = typeof files.$inferSelect;

export type FileDto = FileReply;

export type UploadInput = { fileName: string; contentType: string; fileSize: number; kind: FileKind; weeklyLectureId?: number | null };

export type PermissionDto = FilePermissionReply;

const isStaff = (u: AuthUser) => hasPermission(u, 'TA');

export function toFileDto(row: FileRow, ownerName: string | null = null): FileDto {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    kind: row.kind,
    status: row.status,
    memo: row.memo,
    hasParentAccess: row.hasParentAccess,
    lectureId: row.lectureId,
    weeklyLectureId: row.weeklyLectureId,
    ownerId: row.ownerId,
    ownerName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The date in Korea, as the watermark shows it and the cache keys it. */
export function kstDay(d: Date): { key: string; label: string } {
  const [y, m, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d).split('-');
  return { key: `${y}-${m}-${day}`, label: `${y}.${m}.${day}` };
}

export type FilesService = ReturnType<typeof createFilesService>;

export function createFilesService(ctx: AppContext, storage: Storage) {
  const { db } = ctx;

  async function getRow(id: number, tx: DbOrTx = db): Promise<FileRow> {
    const [row] = await tx.select().from(files).where(and(eq(files.id, id), isNull(files.deletedAt)));
    if (!row) throw notFound('files.not_found', '파일을 찾을 수 없습니다');
    return row;
  }

  async function withOwnerName(row: FileRow): Promise<FileDto> {
    const [o] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.ownerId));
    return toFileDto(row, o?.name ?? null);
  }

  /** Checks kind, size, name and target before any URL is signed; returns the row to insert. */
  async function prepareUpload(actor: AuthUser, input: UploadInput) {
    const staff = isStaff(actor);
    if (!staff && !STUDENT_FILE_KINDS.includes(input.kind)) throw forbidden('files.kind_forbidden', '학생은 과제와 자습 파일만 올릴 수 있습니다');
    if (staff && input.kind !== 'material') throw badRequest('files.kind_invalid', 'kind: 직원이 올리는 파일은 강의 자료(material)여야 합니다');
    const fileName = sanitizeFileName(input.fileName);
    const ext = fileExtension(fileName);
    const type = FILE_TYPES[ext];
    if (!type) throw badRequest('files.type_not_allowed', `fileName: 올릴 수 없는 파일 형식입니다 (.${ext || '확장자 없음'}). PDF, 이미지, 한글·오피스 문서, ZIP, MP4 등을 올릴 수 있습니다`);
    if (input.kind === 'material' && MATERIAL_REFUSED_FAMILIES.includes(type.family)) {
      throw badRequest('files.type_not_allowed', 'fileName: 강의 자료 이미지는 워터마크를 넣을 수 있는 PNG 또는 JPEG로 올려 주세요');
    }
    const limit = FILE_SIZE_LIMIT[input.kind];
    if (input.fileSize > limit) {
      throw badRequest('files.too_large', `fileSize: 파일이 너무 큽니다 (${formatFileSize(input.fileSize)}). 최대 ${formatFileSize(limit)}까지 올릴 수 있습니다`);
    }
    let lectureId: number | null = null;
    let weeklyLectureId: number | null = null;
    if (input.weeklyLectureId != null) {
      const [wl] = await db.select({ id: weeklyLectures.id, lectureId: weeklyLectures.lectureId }).from(weeklyLectures).where(eq(weeklyLectures.id, input.weeklyLectureId));
      if (!wl) throw notFound('weekly_lectures.not_found', 'weeklyLectureId: 회차를 찾을 수 없습니다');
      if (!staff && !(await isParticipantOrEnrolled(actor.userId, wl.id, wl.lectureId))) throw forbidden('files.not_your_lecture', '수강하지 않는 회차에는 파일을 올릴 수 없습니다');
      lectureId = wl.lectureId;
      weeklyLectureId = wl.id;
    } else if (input.kind === 'material') {
      throw badRequest('files.weekly_lecture_required', 'weeklyLectureId: 강의 자료는 회차를 지정해야 합니다');
    }
    const now = ctx.now();
    const storageKey = `files/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
    return { fileName, contentType: type.contentType, storageKey, lectureId, weeklyLectureId };
  }

  async function isParticipantOrEnrolled(userId: number, wlId: number, lectureId: number): Promise<boolean> {
    const [p] = await db.select({ id: weeklyLectureParticipants.id }).from(weeklyLectureParticipants).where(and(eq(weeklyLectureParticipants.weeklyLectureId, wlId), eq(weeklyLectureParticipants.userId, userId)));
    if (p) return true;
    const [e] = await db.select({ u: lectureStudents.userId }).from(lectureStudents).where(and(eq(lectureStudents.lectureId, lectureId), eq(lectureStudents.userId, userId), isNull(lectureStudents.leftAt)));
    return !!e;
  }

  async function insertPending(actor: AuthUser, input: UploadInput, prep: Awaited<ReturnType<typeof prepareUpload>>, multipart: { uploadId: string; partSize: number } | null) {
    const expires = new Date(ctx.now().getTime() + (multipart ? MULTIPART_WINDOW_MS : SINGLE_UPLOAD_WINDOW_MS));
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(files)
        .values({
          storageKey: prep.storageKey,
          fileName: prep.fileName,
          contentType: prep.contentType,
          size: input.fileSize,
          kind: input.kind,
          ownerId: actor.userId,
          lectureId: prep.lectureId,
          weeklyLectureId: prep.weeklyLectureId,
          uploadId: multipart?.uploadId ?? null,
          partSize: multipart?.partSize ?? null,
          uploadExpiresAt: expires,
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        })
        .returning();
      await recordAudit(tx, { actorId: actor.userId, action: 'file.upload_start', entity: 'file', entityId: row!.id, after: { fileName: prep.fileName, size: input.fileSize, kind: input.kind, multipart: !!multipart } });
      return row!;
    });
  }

  /** Verifies the stored bytes (size, real type, SHA-256) and makes the row available; otherwise removes both. */
  async function verifyAndPublish(actor: AuthUser, row: FileRow, sha256: string | null, knownSha256: string | null = null): Promise<FileDto> {
    const v = await verifyBytes(row, sha256, knownSha256);
    if (!v.ok) {
      await storage.delete(row.storageKey).catch(() => {});
      await db.transaction(async (tx) => {
        await tx.delete(files).where(eq(files.id, row.id));
        await recordAudit(tx, { actorId: actor.userId, action: 'file.upload_rejected', entity: 'file', entityId: row.id, after: { fileName: row.fileName, reason: v.error.code } });
      });
      throw v.error;
    }
    const updated = await db.transaction(async (tx) => {
      const [u] = await tx
        .update(files)
        .set({ status: 'available', contentType: v.contentType, sha256: v.sha256, uploadId: null, uploadExpiresAt: null, updatedAt: ctx.now() })
        .where(and(eq(files.id, row.id), eq(files.status, 'pending')))
        .returning();
      if (!u) throw badRequest('files.already_done', '이미 완료된 업로드입니다');
      await recordAudit(tx, { actorId: actor.userId, action: 'file.upload_done', entity: 'file', entityId: row.id, after: { fileName: u.fileName, size: u.size, sha256: u.sha256 } });
      return u;
    });
    return withOwnerName(updated);
  }

  async function verifyBytes(row: FileRow, sha256: string | null, knownSha256: string | null): Promise<{ ok: false; error: AppError } | { ok: true; contentType: string; sha256: string }> {
    const fail = (error: AppError) => ({ ok: false as const, error });
    const head = await storage.head(row.storageKey);
    if (!head) return fail(badRequest('files.not_uploaded', '파일이 아직 저장소에 올라가지 않았습니다. 업로드를 다시 시도해 주세요'));
    if (head.size !== row.size) return fail(badRequest('files.size_mismatch', `올라간 파일 크기(${head.size}바이트)가 신고한 크기(${row.size}바이트)와 다릅니다`));
    const check = checkContent({ fileName: row.fileName, head: await readHead(row.storageKey) });
    if (!check.ok) return fail(badRequest(check.code, check.message));
    const actual = knownSha256 ?? (await hashObject(row.storageKey));
    if (sha256 !== null && actual !== sha256.toLowerCase()) {
      return fail(badRequest('files.checksum_mismatch', 'sha256: 파일 체크섬이 맞지 않습니다. 전송 중 파일이 손상되었을 수 있으니 다시 올려 주세요'));
    }
    return { ok: true, contentType: check.contentType, sha256: actual };
  }

  async function readHead(key: string): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    for await (const c of await storage.read({ key, start: 0, end: SNIFF_BYTES - 1 })) chunks.push(Buffer.from(c as Buffer));
    return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
  }

  async function readAll(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of await storage.read({ key })) chunks.push(Buffer.from(c as Buffer));
    return Buffer.concat(chunks);
  }

  async function hashObject(key: string): Promise<string> {
    const h = createHash('sha256');
    for await (const c of await storage.read({ key })) h.update(c as Buffer);
    return h.digest('hex');
  }

  function ensureOwnerOrStaff(actor: AuthUser, row: FileRow): void {
    if (!isStaff(actor) && row.ownerId !== actor.userId) throw forbidden('files.forbidden', '이 파일에 접근할 권한이 없습니다');
  }

  async function getByUploadId(actor: AuthUser, uploadId: string): Promise<FileRow> {
    const [row] = await db.select().from(files).where(and(eq(files.uploadId, uploadId), eq(files.status, 'pending')));
    if (!row) throw notFound('files.upload_not_found', 'uploadId: 업로드를 찾을 수 없습니다. 취소되었거나 만료되었습니다');
    ensureOwnerOrStaff(actor, row);
    if (row.uploadExpiresAt && row.uploadExpiresAt < ctx.now()) throw badRequest('files.upload_expired', '업로드 시간이 지났습니다. 처음부터 다시 올려 주세요');
    return row;
  }

  function partSizes(size: number, partSize: number): number[] {
    const n = Math.max(1, Math.ceil(size / partSize));
    return Array.from({ length: n }, (_, i) => (i === n - 1 ? size - partSize * (n - 1) : partSize));
  }

  // ---------- permissions of a weekly lecture's materials ----------

  async function getPermission(wlId: number): Promise<PermissionDto> {
    const [p] = await db.select().from(weeklyLectureFilePermissions).where(eq(weeklyLectureFilePermissions.weeklyLectureId, wlId));
    const selected = await db.select({ userId: weeklyLectureFilePermissionStudents.userId }).from(weeklyLectureFilePermissionStudents).where(eq(weeklyLectureFilePermissionStudents.weeklyLectureId, wlId)).orderBy(asc(weeklyLectureFilePermissionStudents.userId));
    return { weeklyLectureId: wlId, scope: p?.scope ?? 'participants', availableFrom: p?.availableFrom?.toISOString() ?? null, studentIds: selected.map((s) => s.userId) };
  }

  /** Students the permission of a weekly lecture grants (before its start time is considered). */
  async function grantedStudentIds(wlId: number): Promise<number[]> {
    const p = await getPermission(wlId);
    if (p.scope === 'none') return [];
    if (p.scope === 'selected') return p.studentIds;
    if (p.scope === 'participants') {
      const rows = await db.select({ userId: weeklyLectureParticipants.userId }).from(weeklyLectureParticipants).where(eq(weeklyLectureParticipants.weeklyLectureId, wlId));
      return rows.map((r) => r.userId);
    }
    const [wl] = await db.select({ lectureId: weeklyLectures.lectureId }).from(weeklyLectures).where(eq(weeklyLectures.id, wlId));
    if (!wl) return [];
    const rows = await db.select({ userId: lectureStudents.userId }).from(lectureStudents).where(and(eq(lectureStudents.lectureId, wl.lectureId), isNull(lectureStudents.leftAt)));
    return rows.map((r) => r.userId);
  }

  async function studentMayOpen(userId: number, wlId: number): Promise<{ ok: true } | { ok: false; error: AppError }> {
    const p = await getPermission(wlId);
    const granted = await grantedStudentIds(wlId);
    if (!granted.includes(userId)) return { ok: false, error: forbidden('files.forbidden', '이 자료를 볼 수 있는 수강생이 아닙니다') };
    if (p.availableFrom && new Date(p.availableFrom) > ctx.now()) {
      const d = new Date(p.availableFrom);
      const when = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
      return { ok: false, error: forbidden('files.not_yet_available', `이 자료는 ${when}부터 열 수 있습니다`) };
    }
    return { ok: true };
  }

  /** Row-level rule: staff see everything; a student sees their own uploads and the materials their lectures grant. */
  async function ensureMayRead(actor: AuthUser, row: FileRow): Promise<void> {
    if (isStaff(actor) || row.ownerId === actor.userId) return;
    if (row.kind !== 'material' || row.weeklyLectureId === null) throw forbidden('files.forbidden', '이 파일에 접근할 권한이 없습니다');
    const r = await studentMayOpen(actor.userId, row.weeklyLectureId);
    if (!r.ok) throw r.error;
  }

  async function recordView(userId: number, fileId: number): Promise<void> {
    const now = ctx.now();
    await db
      .insert(fileViews)
      .values({ fileId, userId, firstOpenedAt: now, lastOpenedAt: now, openCount: 1 })
      .onConflictDoUpdate({ target: [fileViews.fileId, fileViews.userId], set: { lastOpenedAt: now, openCount: sql`${fileViews.openCount} + 1` } });
  }

  async function watermarkTextFor(userId: number): Promise<WatermarkText> {
    const [u] = await db.select({ name: users.name, phone: users.phone, loginId: users.loginId }).from(users).where(eq(users.id, userId));
    if (!u) throw notFound('users.not_found', '학생을 찾을 수 없습니다');
    const digits = (u.phone ?? '').replace(/\D/g, '');
    return { name: u.name, phoneTail: digits.length >= 4 ? digits.slice(-4) : u.loginId, date: kstDay(ctx.now()).label };
  }

  /** The cached watermarked copy for (file, student, today), made on first use. */
  async function watermarkedCopy(row: FileRow, userId: number): Promise<{ key: string; fileName: string }> {
    const day = kstDay(ctx.now()).key;
    const fileName = row.fileName.replace(/\.[^.]+$/, '') + '.pdf';
    const [cached] = await db.select().from(fileWatermarks).where(and(eq(fileWatermarks.fileId, row.id), eq(fileWatermarks.userId, userId), eq(fileWatermarks.day, day)));
    if (cached && (await storage.head(cached.storageKey))) return { key: cached.storageKey, fileName };
    const family = FILE_TYPES[fileExtension(row.fileName)]?.family;
    if (!family || !WATERMARKABLE_FAMILIES.includes(family)) throw badRequest('files.watermark_unsupported', '워터마크는 PDF, PNG, JPEG 파일에만 넣을 수 있습니다');
    const text = await watermarkTextFor(userId);
    const original = await readAll(row.storageKey);
    let out: Uint8Array;
    try {
      out = family === 'pdf' ? await watermarkPdf({ pdf: original, text }) : await watermarkImage({ image: original, family: family as 'png' | 'jpeg', text });
    } catch (err) {
      if (err instanceof WatermarkError) throw badRequest('files.watermark_failed', err.message);
      throw err;
    }
    const key = `watermarks/${row.id}/${userId}/${day}.pdf`;
    await storage.put({ key, body: out, contentType: 'application/pdf' });
    await db
      .insert(fileWatermarks)
      .values({ fileId: row.id, userId, day, storageKey: key, size: out.length, createdAt: ctx.now() })
      .onConflictDoUpdate({ target: [fileWatermarks.fileId, fileWatermarks.userId, fileWatermarks.day], set: { storageKey: key, size: out.length } });
    return { key, fileName };
  }

  function needsWatermark(actor: AuthUser, row: FileRow): boolean {
    if (isStaff(actor) || row.kind !== 'material') return false;
    const family = FILE_TYPES[fileExtension(row.fileName)]?.family;
    return !!family && WATERMARKABLE_FAMILIES.includes(family);
  }

  async function signedUrl(opts: { key: string; fileName: string; contentType: string; inline: boolean }) {
    const url = await storage.presignGet({ key: opts.key, fileName: opts.fileName, contentType: opts.contentType, inline: opts.inline, expiresInSec: GET_URL_TTL_SEC });
    return { url, expiresAt: new Date(ctx.now().getTime() + GET_URL_TTL_SEC * 1000).toISOString(), fileName: opts.fileName, watermarked: false };
  }

  async function downloadFor(actor: AuthUser, row: FileRow, inline: boolean) {
    if (row.status !== 'available') throw badRequest('files.not_available', '업로드가 끝나지 않은 파일입니다');
    await ensureMayRead(actor, row);
    if (needsWatermark(actor, row)) {
      const copy = await watermarkedCopy(row, actor.userId);
      await recordView(actor.userId, row.id);
      return { ...(await signedUrl({ key: copy.key, fileName: copy.fileName, contentType: 'application/pdf', inline })), watermarked: true };
    }
    if (!isStaff(actor) && row.kind === 'material') await recordView(actor.userId, row.id);
    return signedUrl({ key: row.storageKey, fileName: row.fileName, contentType: row.contentType, inline });
  }

  return {
    storage,

    async createUploadUrl(actor: AuthUser, input: UploadInput) {
      const prep = await prepareUpload(actor, input);
      const row = await insertPending(actor, input, prep, null);
      const url = await storage.presignPut({ key: row.storageKey, size: row.size, contentType: row.contentType, expiresInSec: PUT_URL_TTL_SEC });
      return {
        file: await withOwnerName(row),
        url,
        method: 'PUT' as const,
        headers: { 'content-type': row.contentType },
        expiresAt: new Date(ctx.now().getTime() + PUT_URL_TTL_SEC * 1000).toISOString(),
      };
    },

    async confirmUpload(actor: AuthUser, opts: { fileId: number; sha256: string }) {
      const row = await getRow(opts.fileId);
      ensureOwnerOrStaff(actor, row);
      if (row.status !== 'pending') throw badRequest('files.already_done', '이미 완료된 업로드입니다');
      if (row.uploadId) throw badRequest('files.use_multipart_complete', '나눠 올린 파일은 multipart complete로 마무리해야 합니다');
      return verifyAndPublish(actor, row, opts.sha256);
    },

    async initiateMultipart(actor: AuthUser, input: UploadInput) {
      const prep = await prepareUpload(actor, input);
      const sizes = partSizes(input.fileSize, PART_SIZE);
      if (sizes.length > MAX_PARTS) throw badRequest('files.too_many_parts', 'fileSize: 파일이 너무 커서 나눠 올릴 수 없습니다');
      const uploadId = await storage.createMultipart({ key: prep.storageKey, contentType: prep.contentType });
      const row = await insertPending(actor, input, prep, { uploadId, partSize: PART_SIZE });
      const parts = await Promise.all(
        sizes.map(async (size, i) => ({ partNumber: i + 1, size, url: await storage.presignPart({ key: row.storageKey, uploadId, partNumber: i + 1, size, expiresInSec: MULTIPART_URL_TTL_SEC }) })),
      );
      return { file: await withOwnerName(row), uploadId, partSize: PART_SIZE, parts, expiresAt: row.uploadExpiresAt!.toISOString() };
    },

    /** A fresh URL for one part (a retry after its URL expired). */
    async partUrl(actor: AuthUser, opts: { uploadId: string; partNumber: number }) {
      const row = await getByUploadId(actor, opts.uploadId);
      const sizes = partSizes(row.size, row.partSize ?? PART_SIZE);
      const size = sizes[opts.partNumber - 1];
      if (size === undefined) throw badRequest('files.part_invalid', `partNumber: 1부터 ${sizes.length} 사이여야 합니다`);
      return { partNumber: opts.partNumber, size, url: await storage.presignPart({ key: row.storageKey, uploadId: opts.uploadId, partNumber: opts.partNumber, size, expiresInSec: MULTIPART_URL_TTL_SEC }) };
    },

    async completeMultipart(actor: AuthUser, opts: { uploadId: string; parts: { partNumber: number; etag: string }[]; sha256: string | null }) {
      const row = await getByUploadId(actor, opts.uploadId);
      const expected = partSizes(row.size, row.partSize ?? PART_SIZE).length;
      const given = new Set(opts.parts.map((p) => p.partNumber));
      if (given.size !== opts.parts.length) throw badRequest('files.part_duplicate', 'parts: 같은 조각 번호가 두 번 있습니다');
      const missing = Array.from({ length: expected }, (_, i) => i + 1).filter((n) => !given.has(n));
      if (missing.length) throw badRequest('files.part_missing', `parts: 빠진 조각이 있습니다 (${missing.slice(0, 10).join(', ')}번). 빠진 조각을 올린 뒤 다시 완료해 주세요`, { missing });
      const extra = opts.parts.filter((p) => p.partNumber > expected);
      if (extra.length) throw badRequest('files.part_invalid', `parts: 조각은 ${expected}개여야 합니다`);
      let joined: { sha256: string | null };
      try {
        joined = await storage.completeMultipart({ key: row.storageKey, uploadId: opts.uploadId, parts: opts.parts });
      } catch (err) {
        if (err instanceof StorageError) throw badRequest('files.part_invalid', `parts: ${err.message}. 해당 조각을 다시 올린 뒤 완료해 주세요`);
        throw err;
      }
      return verifyAndPublish(actor, row, opts.sha256, joined.sha256);
    },

    async abortMultipart(actor: AuthUser, opts: { uploadId: string }) {
      const [row] = await db.select().from(files).where(and(eq(files.uploadId, opts.uploadId), eq(files.status, 'pending')));
      if (!row) throw notFound('files.upload_not_found', 'uploadId: 업로드를 찾을 수 없습니다. 이미 취소되었거나 완료되었습니다');
      ensureOwnerOrStaff(actor, row);
      await storage.abortMultipart({ key: row.storageKey, uploadId: opts.uploadId });
      await db.transaction(async (tx) => {
        await tx.delete(files).where(eq(files.id, row.id));
        await recordAudit(tx, { actorId: actor.userId, action: 'file.upload_abort', entity: 'file', entityId: row.id, after: { fileName: row.fileName } });
      });
      return { aborted: true };
    },

    /**
     * Removes pending uploads whose window passed: multipart parts are aborted, a single PUT
     * that arrived but was never confirmed is deleted, and the row goes. Returns how many.
     */
    async cleanupExpiredUploads(): Promise<number> {
      const stale = await db.select().from(files).where(and(eq(files.status, 'pending'), lt(files.uploadExpiresAt, ctx.now()))).limit(500);
      for (const row of stale) {
        if (row.uploadId) await storage.abortMultipart({ key: row.storageKey, uploadId: row.uploadId });
        await storage.delete(row.storageKey);
        await db.delete(files).where(and(eq(files.id, row.id), eq(files.status, 'pending')));
      }
      if (storage.kind === 'local') await (storage as LocalStorage).sweepTemp(SINGLE_UPLOAD_WINDOW_MS);
      return stale.length;
    },

    async get(actor: AuthUser, id: number): Promise<FileDto> {
      const row = await getRow(id);
      await ensureMayRead(actor, row);
      return withOwnerName(row);
    },

    async downloadUrl(actor: AuthUser, opts: { fileId: number; inline: boolean }) {
      return downloadFor(actor, await getRow(opts.fileId), opts.inline);
    },

    async getUrls(actor: AuthUser, opts: { fileIds: number[]; inline: boolean }) {
      const out = [];
      for (const id of opts.fileIds) out.push({ fileId: id, ...(await downloadFor(actor, await getRow(id), opts.inline)) });
      return out;
    },

    /** Staff: a watermarked copy for a given student (printing, sending); students: their own. */
    async watermark(actor: AuthUser, opts: { fileId: number; studentId: number | null }) {
      const row = await getRow(opts.fileId);
      if (row.status !== 'available') throw badRequest('files.not_available', '업로드가 끝나지 않은 파일입니다');
      await ensureMayRead(actor, row);
      const target = isStaff(actor) ? opts.studentId ?? actor.userId : actor.userId;
      const copy = await watermarkedCopy(row, target);
      return { ...(await signedUrl({ key: copy.key, fileName: copy.fileName, contentType: 'application/pdf', inline: true })), watermarked: true };
    },

    async updateMemo(actor: AuthUser, opts: { fileId: number; memo: string }) {
      const row = await getRow(opts.fileId);
      ensureOwnerOrStaff(actor, row);
      const updated = await db.transaction(async (tx) => {
        const [u] = await tx.update(files).set({ memo: opts.memo, updatedAt: ctx.now() }).where(eq(files.id, row.id)).returning();
        await recordAudit(tx, { actorId: actor.userId, action: 'file.memo', entity: 'file', entityId: row.id, before: { memo: row.memo }, after: { memo: opts.memo } });
        return u!;
      });
      return withOwnerName(updated);
    },

    async setParentAccess(actor: AuthUser, opts: { fileId: number; hasParentAccess: boolean }) {
      const row = await getRow(opts.fileId);
      const updated = await db.transaction(async (tx) => {
        const [u] = await tx.update(files).set({ hasParentAccess: opts.hasParentAccess, updatedAt: ctx.now() }).where(eq(files.id, row.id)).returning();
        await recordAudit(tx, { actorId: actor.userId, action: 'file.parent_access', entity: 'file', entityId: row.id, before: { hasParentAccess: row.hasParentAccess }, after: { hasParentAccess: opts.hasParentAccess } });
        return u!;
      });
      return withOwnerName(updated);
    },

    /**
     * For the link area (parents, no account): a short URL only while staff keep parent access on.
     * With a student, a lecture material that can carry a watermark comes marked with that student's
     * name (the same cached copy the student gets); everything else is the original.
     */
    async parentDownloadUrl(opts: { fileId: number; studentId: number | null; inline: boolean }) {
      const [row] = await db.select().from(files).where(and(eq(files.id, opts.fileId), isNull(files.deletedAt)));
      if (!row || !row.hasParentAccess || row.status !== 'available') throw notFound('files.parent_access_off', '학부모에게 공개되지 않은 파일입니다');
      const family = FILE_TYPES[fileExtension(row.fileName)]?.family;
      if (opts.studentId !== null && row.kind === 'material' && family && WATERMARKABLE_FAMILIES.includes(family)) {
        const copy = await watermarkedCopy(row, opts.studentId);
        const head = await storage.head(copy.key);
        const signed = await signedUrl({ key: copy.key, fileName: copy.fileName, contentType: 'application/pdf', inline: opts.inline });
        return { ...signed, contentType: 'application/pdf', size: head?.size ?? row.size, watermarked: true };
      }
      const signed = await signedUrl({ key: row.storageKey, fileName: row.fileName, contentType: row.contentType, inline: opts.inline });
      return { ...signed, contentType: row.contentType, size: row.size };
    },

    async delete(actor: AuthUser, fileId: number) {
      const row = await getRow(fileId);
      ensureOwnerOrStaff(actor, row);
      const copies = await db.select({ key: fileWatermarks.storageKey }).from(fileWatermarks).where(eq(fileWatermarks.fileId, row.id));
      await db.transaction(async (tx) => {
        await tx.update(files).set({ deletedAt: ctx.now(), updatedAt: ctx.now() }).where(eq(files.id, row.id));
        await tx.delete(fileWatermarks).where(eq(fileWatermarks.fileId, row.id));
        await recordAudit(tx, { actorId: actor.userId, action: 'file.delete', entity: 'file', entityId: row.id, before: { fileName: row.fileName, size: row.size, sha256: row.sha256 } });
      });
      // Bytes go after the row is marked deleted, so a failure leaves an orphan object, never a broken row.
      if (row.uploadId) await storage.abortMultipart({ key: row.storageKey, uploadId: row.uploadId }).catch(() => {});
      await storage.delete(row.storageKey).catch(() => {});
      for (const c of copies) await storage.delete(c.key).catch(() => {});
      return { deleted: true };
    },

    async list(opts: { weeklyLectureId?: number; ownerId?: number; kind?: FileKind }) {
      const where = [isNull(files.deletedAt), eq(files.status, 'available')];
      if (opts.weeklyLectureId !== undefined) where.push(eq(files.weeklyLectureId, opts.weeklyLectureId));
      if (opts.ownerId !== undefined) where.push(eq(files.ownerId, opts.ownerId));
      if (opts.kind !== undefined) where.push(eq(files.kind, opts.kind));
      const rows = await db
        .select({ f: files, ownerName: users.name, viewCount: sql<number>`(select count(*)::int from file_views v where v.file_id = ${files.id})` })
        .from(files)
        .leftJoin(users, eq(users.id, files.ownerId))
        .where(and(...where))
        .orderBy(desc(files.createdAt), desc(files.id))
        .limit(1000);
      return rows.map((r) => ({ ...toFileDto(r.f, r.ownerName), viewCount: Number(r.viewCount) }));
    },

    async weeklyLectureOf(lectureId: number, wlId: number) {
      const [wl] = await db.select({ id: weeklyLectures.id, lectureId: weeklyLectures.lectureId }).from(weeklyLectures).where(eq(weeklyLectures.id, wlId));
      if (!wl || wl.lectureId !== lectureId) throw notFound('weekly_lectures.not_found', '회차를 찾을 수 없습니다');
      return wl;
    },

    getPermission,
    grantedStudentIds,

    async setPermission(actor: AuthUser, opts: { weeklyLectureId: number; scope: PermissionDto['scope']; availableFrom: string | null; studentIds: number[] }) {
      const before = await getPermission(opts.weeklyLectureId);
      const ids = [...new Set(opts.studentIds)];
      if (opts.scope === 'selected' && ids.length) {
        const found = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), eq(users.userType, 'STUDENT'), isNull(users.deletedAt)));
        const missing = ids.filter((id) => !found.some((f) => f.id === id));
        if (missing.length) throw badRequest('files.permission_student_invalid', `studentIds: 학생이 아닌 id가 있습니다 (${missing.join(', ')})`);
      }
      await db.transaction(async (tx) => {
        const values = { weeklyLectureId: opts.weeklyLectureId, scope: opts.scope, availableFrom: opts.availableFrom ? new Date(opts.availableFrom) : null, updatedBy: actor.userId, updatedAt: ctx.now() };
        await tx.insert(weeklyLectureFilePermissions).values(values).onConflictDoUpdate({ target: weeklyLectureFilePermissions.weeklyLectureId, set: values });
        await tx.delete(weeklyLectureFilePermissionStudents).where(eq(weeklyLectureFilePermissionStudents.weeklyLectureId, opts.weeklyLectureId));
        if (opts.scope === 'selected' && ids.length) {
          await tx.insert(weeklyLectureFilePermissionStudents).values(ids.map((userId) => ({ weeklyLectureId: opts.weeklyLectureId, userId })));
        }
        await recordAudit(tx, { actorId: actor.userId, action: 'file.permission', entity: 'weekly_lecture', entityId: opts.weeklyLectureId, before, after: { scope: opts.scope, availableFrom: opts.availableFrom, studentIds: ids } });
      });
      return getPermission(opts.weeklyLectureId);
    },

    /** Who opened a material, and which granted students have not yet. */
    async views(fileId: number) {
      const row = await getRow(fileId);
      const opened = await db
        .select({ userId: fileViews.userId, name: users.name, loginId: users.loginId, phone: users.phone, firstOpenedAt: fileViews.firstOpenedAt, lastOpenedAt: fileViews.lastOpenedAt, openCount: fileViews.openCount })
        .from(fileViews)
        .innerJoin(users, eq(users.id, fileViews.userId))
        .where(eq(fileViews.fileId, row.id));
      const openedIds = new Set(opened.map((o) => o.userId));
      const granted = row.weeklyLectureId ? await grantedStudentIds(row.weeklyLectureId) : [];
      const notOpenedIds = granted.filter((id) => !openedIds.has(id));
      const notOpened = notOpenedIds.length
        ? await db.select({ userId: users.id, name: users.name, loginId: users.loginId, phone: users.phone }).from(users).where(inArray(users.id, notOpenedIds))
        : [];
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'ko');
      return {
        opened: opened.sort(byName).map((o) => ({ ...o, firstOpenedAt: o.firstOpenedAt.toISOString(), lastOpenedAt: o.lastOpenedAt.toISOString() })),
        notOpened: notOpened.sort(byName),
      };
    },

    recordView,

    /** A student's check that they opened a material (only materials they may open). */
    async checkMaterial(actor: AuthUser, fileId: number) {
      const row = await getRow(fileId);
      if (row.kind !== 'material' || row.status !== 'available') throw notFound('files.not_found', '강의 자료를 찾을 수 없습니다');
      await ensureMayRead(actor, row);
      await recordView(actor.userId, row.id);
      return { checked: true };
    },

    /** Materials per lecture and week that a student may open now, with whether they opened each. */
    async studentMaterials(actor: AuthUser, opts: { lectureId?: number }) {
      const rows = await db
        .select({ f: files, wlTitle: weeklyLectures.title, wlDate: weeklyLectures.date, wlLectureId: weeklyLectures.lectureId })
        .from(files)
        .innerJoin(weeklyLectures, eq(weeklyLectures.id, files.weeklyLectureId))
        .where(and(eq(files.kind, 'material'), eq(files.status, 'available'), isNull(files.deletedAt), opts.lectureId !== undefined ? eq(files.lectureId, opts.lectureId) : undefined))
        .orderBy(desc(weeklyLectures.date), asc(files.fileName));
      const views = await db.select({ fileId: fileViews.fileId }).from(fileViews).where(eq(fileViews.userId, actor.userId));
      const opened = new Set(views.map((v) => v.fileId));
      const allowed = new Map<number, boolean>();
      const weeks = new Map<number, { weeklyLectureId: number; lectureId: number; title: string; date: string; files: (FileDto & { opened: boolean })[] }>();
      for (const r of rows) {
        const wlId = r.f.weeklyLectureId!;
        if (!allowed.has(wlId)) allowed.set(wlId, (await studentMayOpen(actor.userId, wlId)).ok);
        if (!allowed.get(wlId)) continue;
        const w = weeks.get(wlId) ?? { weeklyLectureId: wlId, lectureId: r.wlLectureId, title: r.wlTitle, date: r.wlDate, files: [] };
        w.files.push({ ...toFileDto(r.f), opened: opened.has(r.f.id) });
        weeks.set(wlId, w);
      }
      return [...weeks.values()];
    },

    async ownUploads(actor: AuthUser, opts: { kind?: FileKind }) {
      const where = [eq(files.ownerId, actor.userId), isNull(files.deletedAt), eq(files.status, 'available')];
      if (opts.kind) where.push(eq(files.kind, opts.kind));
      const rows = await db.select().from(files).where(and(...where)).orderBy(desc(files.createdAt), desc(files.id));
      return rows.map((r) => toFileDto(r));
    },

    async selfStudyFileView(actor: AuthUser, fileId: number) {
      const row = await getRow(fileId);
      if (row.kind !== 'self_study') throw notFound('files.not_found', '자습 파일을 찾을 수 없습니다');
      ensureOwnerOrStaff(actor, row);
      return downloadFor(actor, row, true);
    },
  };
}
