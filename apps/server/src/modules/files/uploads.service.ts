import {
  FILE_SIZE_LIMIT,
  FILE_TYPES,
  FILES_ERRORS,
  fileExtension,
  formatFileSize,
  isStudentFileKind,
  MATERIAL_REFUSED_FAMILIES,
  MAX_PARTS,
  OMR_FAMILIES,
  PART_SIZE,
  PROFILE_IMAGE_EXTENSIONS,
  RECEIPT_FAMILIES,
  STAFF_FILE_KINDS,
  VIDEO_EXTENSIONS,
  sanitizeFileName,
  type StoredFile,
  type UploadBody,
} from '@academy/contracts/files';
import { and, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { UPLOAD_LIMIT_DEFAULTS } from '../../config.ts';
import { appError } from '../../lib/errors.ts';
import { isLocalStorage } from '../../lib/storage/local.ts';
import { StorageError } from '../../lib/storage/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FilesDeps } from './files.deps.ts';
import type { FileRecords } from './files.records.ts';
import { isStaff, newStorageKey, watermarkFamily, type FileRow } from './files.rows.ts';
import { files } from './files.table.ts';
import { WATERMARK_LIMITS } from './files.watermark.ts';
import { checkStoredBytes } from './upload-check.ts';

/** A PUT URL lives 15 minutes; a multipart upload may take a day on a slow line. */
const PUT_URL_TTL_SEC = 15 * 60;
const SINGLE_UPLOAD_WINDOW_MS = 60 * 60 * 1000;
const MULTIPART_URL_TTL_SEC = 6 * 60 * 60;
const MULTIPART_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long one multipart completion holds its upload (joining and hashing a large file on S3). */
const COMPLETION_HOLD_MS = 10 * 60 * 1000;

/** Sizes of the parts of a file: all `partSize` but the last. */
function partSizes(size: number, partSize: number): number[] {
  const n = Math.max(1, Math.ceil(size / partSize));
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? size - partSize * (n - 1) : partSize));
}

export type UploadService = ReturnType<typeof createUploadService>;

/**
 * Uploads: the client gets a signed URL (or one per part), sends the bytes straight to storage,
 * then asks for a check. Only a checked file becomes `available`; a file that fails the check is
 * removed with its bytes. Pending uploads whose window passed are swept by `sweepExpired`.
 */
export function createUploadService(deps: Pick<FilesDeps, 'ctx' | 'lectures'> & { records: FileRecords }) {
  const { ctx, lectures, records } = deps;
  const { db, storage } = ctx;

  /** Checks kind, size, name and target before any URL is signed; returns what the row will hold. */
  async function prepare(actor: AuthUser, input: UploadBody) {
    const staff = isStaff(actor);
    // A profile photo is anyone's to upload: a student their own, staff a student's (files/profile-images).
    const profile = input.kind === 'profile';
    if (!staff && !profile && !isStudentFileKind(input.kind)) throw appError(FILES_ERRORS.kind_forbidden, '학생은 과제와 자습 파일, 프로필 사진만 올릴 수 있습니다');
    if (staff && !profile && !(STAFF_FILE_KINDS as readonly string[]).includes(input.kind)) {
      throw appError(FILES_ERRORS.kind_invalid, '직원이 올리는 파일은 강의 자료(material), 강의 영상(video), OMR 답안지(omr) 또는 영수증(receipt)이어야 합니다', { field: 'kind' });
    }
    const fileName = sanitizeFileName(input.fileName);
    const ext = fileExtension(fileName);
    const type = FILE_TYPES[ext];
    if (!type) {
      throw appError(FILES_ERRORS.type_not_allowed, `올릴 수 없는 파일 형식입니다 (.${ext || '확장자 없음'}). PDF, 이미지, 한글·오피스 문서, ZIP, MP4 등을 올릴 수 있습니다`, { field: 'fileName' });
    }
    if (input.kind === 'omr' && !OMR_FAMILIES.includes(type.family)) {
      throw appError(FILES_ERRORS.type_not_allowed, 'OMR 답안지는 스캔한 PDF나 사진(JPEG, PNG)으로 올려 주세요', { field: 'fileName' });
    }
    if (input.kind === 'video' && !VIDEO_EXTENSIONS.includes(ext)) {
      throw appError(FILES_ERRORS.type_not_allowed, '강의 영상은 MP4 또는 MOV 파일로 올려 주세요', { field: 'fileName' });
    }
    if (input.kind === 'material' && MATERIAL_REFUSED_FAMILIES.includes(type.family)) {
      throw appError(FILES_ERRORS.type_not_allowed, '강의 자료 이미지는 워터마크를 넣을 수 있는 PNG 또는 JPEG로 올려 주세요', { field: 'fileName' });
    }
    if (profile && !(PROFILE_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
      throw appError(FILES_ERRORS.type_not_allowed, '프로필 사진은 JPG, PNG 또는 WEBP 사진으로 올려 주세요', { field: 'fileName' });
    }
    if (input.kind === 'receipt' && !RECEIPT_FAMILIES.includes(type.family)) {
      throw appError(FILES_ERRORS.type_not_allowed, '영수증은 사진(JPG, PNG, WEBP)이나 PDF로 올려 주세요', { field: 'fileName' });
    }
    if (input.kind === 'material' && watermarkFamily(fileName) && input.fileSize > WATERMARK_LIMITS.maxBytes) {
      throw appError(FILES_ERRORS.too_large, `학생에게 워터마크를 넣어 보여 주는 자료(PDF, PNG, JPEG)는 ${formatFileSize(WATERMARK_LIMITS.maxBytes)}까지 올릴 수 있습니다. 나누어 올려 주세요`, { field: 'fileSize' });
    }
    const limit = FILE_SIZE_LIMIT[input.kind];
    if (input.fileSize > limit) {
      throw appError(FILES_ERRORS.too_large, `파일이 너무 큽니다 (${formatFileSize(input.fileSize)}). 최대 ${formatFileSize(limit)}까지 올릴 수 있습니다`, { field: 'fileSize' });
    }
    let lectureId: number | null = null;
    let weeklyLectureId: number | null = null;
    if ((input.kind === 'receipt' || profile) && input.weeklyLectureId != null) {
      throw appError(FILES_ERRORS.kind_invalid, `${profile ? '프로필 사진' : '영수증'}은 회차 없이 올립니다`, { field: 'weeklyLectureId' });
    }
    if (input.weeklyLectureId != null) {
      const session = await lectures.sessions.require({ weeklyLectureId: input.weeklyLectureId, field: 'weeklyLectureId' });
      if (!staff && !(await lectures.participation.takesPart({ userId: actor.userId, session }))) {
        throw appError(FILES_ERRORS.not_your_lecture, '수강하지 않는 회차에는 파일을 올릴 수 없습니다');
      }
      lectureId = session.lectureId;
      weeklyLectureId = session.id;
    } else if (input.kind === 'material' || input.kind === 'video' || input.kind === 'omr') {
      const what = { material: '강의 자료', video: '강의 영상', omr: 'OMR 답안지' }[input.kind];
      throw appError(FILES_ERRORS.weekly_lecture_required, `${what}는 회차를 지정해야 합니다`, { field: 'weeklyLectureId' });
    }
    return { fileName, contentType: type.contentType, storageKey: newStorageKey(ctx.now()), lectureId, weeklyLectureId };
  }

  /**
   * The account's limits (config `uploads`): uploads started in the last minute, and bytes kept
   * (files not deleted, pending ones included) plus this one. Runs under the account's advisory
   * lock in the transaction that inserts the row, so parallel starts are counted one by one.
   */
  async function checkLimits(actor: AuthUser, size: number) {
    const limits = ctx.config.uploads ?? UPLOAD_LIMIT_DEFAULTS;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('files.upload'), ${actor.userId})`);
    if (limits.perMinute > 0) {
      const since = new Date(ctx.now().getTime() - 60_000);
      const [recent] = await db.select({ n: sql<number>`count(*)::int` }).from(files).where(and(eq(files.ownerId, actor.userId), gt(files.createdAt, since)));
      if (recent!.n >= limits.perMinute) {
        throw appError(FILES_ERRORS.rate_limited, `1분에 ${limits.perMinute}개까지 올릴 수 있습니다. 잠시 후 다시 올려 주세요`);
      }
    }
    const quota = isStaff(actor) ? limits.quotaBytes.staff : limits.quotaBytes.student;
    if (quota > 0) {
      const [kept] = await db.select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files).where(and(eq(files.ownerId, actor.userId), isNull(files.deletedAt)));
      const used = Number(kept!.bytes);
      if (used + size > quota) {
        throw appError(FILES_ERRORS.quota_exceeded, `저장 공간이 부족합니다 (${formatFileSize(used)} / ${formatFileSize(quota)} 사용 중). 필요 없는 파일을 지운 뒤 다시 올려 주세요`, { field: 'fileSize' });
      }
    }
  }

  async function insertPending(opts: { actor: AuthUser; input: UploadBody; prep: Awaited<ReturnType<typeof prepare>>; multipart: { uploadId: string; partSize: number } | null }) {
    const { actor, input, prep, multipart } = opts;
    const expires = new Date(ctx.now().getTime() + (multipart ? MULTIPART_WINDOW_MS : SINGLE_UPLOAD_WINDOW_MS));
    return db.transaction(async () => {
      await checkLimits(actor, input.fileSize);
      const [row] = await db
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
      await ctx.audit.record({ actorId: actor.userId, action: 'file.upload_start', entity: 'file', entityId: row!.id, after: { fileName: prep.fileName, size: input.fileSize, kind: input.kind, multipart: !!multipart } });
      return row!;
    });
  }

  /** Verifies the stored bytes and makes the row available; otherwise removes both and throws why. */
  async function verifyAndPublish(opts: { actor: AuthUser; row: FileRow; sha256: string | null; knownSha256?: string | null }): Promise<StoredFile> {
    const { actor, row } = opts;
    const v = await checkStoredBytes(storage, { row, sha256: opts.sha256, knownSha256: opts.knownSha256 ?? null });
    if (!v.ok) {
      await storage.delete(row.storageKey).catch(() => {});
      await db.transaction(async () => {
        await db.delete(files).where(eq(files.id, row.id));
        await ctx.audit.record({ actorId: actor.userId, action: 'file.upload_rejected', entity: 'file', entityId: row.id, after: { fileName: row.fileName, reason: v.error.code } });
      });
      throw v.error;
    }
    const updated = await db.transaction(async () => {
      const [u] = await db
        .update(files)
        .set({ status: 'available', contentType: v.contentType, sha256: v.sha256, uploadExpiresAt: null, completingUntil: null, updatedAt: ctx.now() })
        .where(and(eq(files.id, row.id), eq(files.status, 'pending')))
        .returning();
      if (!u) throw appError(FILES_ERRORS.already_done, '이미 완료된 업로드입니다');
      await ctx.audit.record({ actorId: actor.userId, action: 'file.upload_done', entity: 'file', entityId: row.id, after: { fileName: u.fileName, size: u.size, sha256: u.sha256 } });
      return u;
    });
    return records.reply(updated);
  }

  async function pendingUpload(opts: { actor: AuthUser; uploadId: string; message: string }): Promise<FileRow> {
    const [row] = await db.select().from(files).where(and(eq(files.uploadId, opts.uploadId), eq(files.status, 'pending')));
    if (!row) throw appError(FILES_ERRORS.upload_not_found, opts.message, { field: 'uploadId' });
    records.ensureOwnerOrStaff(opts.actor, row);
    return row;
  }

  /** A multipart upload still open: its owner (or staff) and inside its window. */
  async function openUpload(actor: AuthUser, uploadId: string): Promise<FileRow> {
    const row = await pendingUpload({ actor, uploadId, message: '업로드를 찾을 수 없습니다. 취소되었거나 만료되었습니다' });
    if (row.uploadExpiresAt && row.uploadExpiresAt < ctx.now()) throw appError(FILES_ERRORS.upload_expired, '업로드 시간이 지났습니다. 처음부터 다시 올려 주세요');
    return row;
  }

  return {
    /** A pending row and one signed PUT URL (15 min). */
    async start(opts: { actor: AuthUser; input: UploadBody }) {
      const prep = await prepare(opts.actor, opts.input);
      const row = await insertPending({ ...opts, prep, multipart: null });
      const url = await storage.presignPut({ key: row.storageKey, size: row.size, contentType: row.contentType, expiresInSec: PUT_URL_TTL_SEC });
      return {
        file: await records.reply(row),
        url,
        method: 'PUT' as const,
        headers: { 'content-type': row.contentType, ...storage.uploadHeaders },
        expiresAt: new Date(ctx.now().getTime() + PUT_URL_TTL_SEC * 1000).toISOString(),
      };
    },

    /**
     * Whether a signed URL may still write `key` (the local driver asks before taking a body):
     * only while its file is pending and inside its window. Once checked (upload-done), rejected
     * or swept, nothing more is written there.
     */
    async acceptsWrite(key: string): Promise<boolean> {
      const [row] = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.storageKey, key), eq(files.status, 'pending'), gte(files.uploadExpiresAt, ctx.now())));
      return !!row;
    },

    /** The single PUT arrived: check it and publish the file. */
    async confirm(opts: { actor: AuthUser; fileId: number; sha256: string }): Promise<StoredFile> {
      const row = await records.require(opts.fileId);
      records.ensureOwnerOrStaff(opts.actor, row);
      if (row.status !== 'pending') throw appError(FILES_ERRORS.already_done, '이미 완료된 업로드입니다');
      if (row.uploadId) throw appError(FILES_ERRORS.use_multipart_complete, '나눠 올린 파일은 multipart complete로 마무리해야 합니다');
      return verifyAndPublish({ actor: opts.actor, row, sha256: opts.sha256 });
    },

    /** A multipart upload: a pending row and a signed URL per part (8 MB each). */
    async startMultipart(opts: { actor: AuthUser; input: UploadBody }) {
      const prep = await prepare(opts.actor, opts.input);
      const sizes = partSizes(opts.input.fileSize, PART_SIZE);
      if (sizes.length > MAX_PARTS) throw appError(FILES_ERRORS.too_many_parts, '파일이 너무 커서 나눠 올릴 수 없습니다', { field: 'fileSize' });
      const uploadId = await storage.createMultipart({ key: prep.storageKey, contentType: prep.contentType, partSize: PART_SIZE });
      const row = await insertPending({ ...opts, prep, multipart: { uploadId, partSize: PART_SIZE } });
      const parts = await Promise.all(
        sizes.map(async (size, i) => ({ partNumber: i + 1, size, url: await storage.presignPart({ key: row.storageKey, uploadId, partNumber: i + 1, size, expiresInSec: MULTIPART_URL_TTL_SEC }) })),
      );
      return { file: await records.reply(row), uploadId, partSize: PART_SIZE, parts, expiresAt: row.uploadExpiresAt!.toISOString() };
    },

    /** A fresh URL for one part (a retry after its URL expired or its body broke). */
    async partUrl(opts: { actor: AuthUser; uploadId: string; partNumber: number }) {
      const row = await openUpload(opts.actor, opts.uploadId);
      const sizes = partSizes(row.size, row.partSize ?? PART_SIZE);
      const size = sizes[opts.partNumber - 1];
      if (size === undefined) throw appError(FILES_ERRORS.part_invalid, `1부터 ${sizes.length} 사이여야 합니다`, { field: 'partNumber' });
      const url = await storage.presignPart({ key: row.storageKey, uploadId: opts.uploadId, partNumber: opts.partNumber, size, expiresInSec: MULTIPART_URL_TTL_SEC });
      return { partNumber: opts.partNumber, size, url };
    },

    /** Every part 1..N must be listed (the missing ones are named, the upload stays); then joined and checked. */
    async complete(opts: { actor: AuthUser; uploadId: string; parts: { partNumber: number; etag: string }[]; sha256: string | null }): Promise<StoredFile> {
      // A repeated completion of a finished upload answers the same file (the client's retry after a lost reply).
      const [done] = await db.select().from(files).where(and(eq(files.uploadId, opts.uploadId), eq(files.status, 'available'), isNull(files.deletedAt)));
      if (done) {
        records.ensureOwnerOrStaff(opts.actor, done);
        return records.reply(done);
      }
      const row = await openUpload(opts.actor, opts.uploadId);
      const expected = partSizes(row.size, row.partSize ?? PART_SIZE).length;
      const given = new Set(opts.parts.map((p) => p.partNumber));
      if (given.size !== opts.parts.length) throw appError(FILES_ERRORS.part_duplicate, '같은 조각 번호가 두 번 있습니다', { field: 'parts' });
      const missing = Array.from({ length: expected }, (_, i) => i + 1).filter((n) => !given.has(n));
      if (missing.length) {
        throw appError(FILES_ERRORS.part_missing, `빠진 조각이 있습니다 (${missing.slice(0, 10).join(', ')}번). 빠진 조각을 올린 뒤 다시 완료해 주세요`, { field: 'parts', details: { missing } });
      }
      if (opts.parts.some((p) => p.partNumber > expected)) throw appError(FILES_ERRORS.part_invalid, `조각은 ${expected}개여야 합니다`, { field: 'parts' });
      // One completion at a time, on every instance and with either driver: the others wait for none of
      // its work and get the finished file, or 409 while it is still being joined and checked.
      const [claimed] = await db
        .update(files)
        .set({ completingUntil: new Date(ctx.now().getTime() + COMPLETION_HOLD_MS) })
        .where(and(eq(files.id, row.id), eq(files.status, 'pending'), or(isNull(files.completingUntil), lt(files.completingUntil, ctx.now()))))
        .returning({ id: files.id });
      if (!claimed) {
        const [now] = await db.select().from(files).where(eq(files.id, row.id));
        if (now?.status === 'available' && !now.deletedAt) return records.reply(now);
        throw appError(FILES_ERRORS.upload_completing, '이 업로드를 마무리하는 요청이 이미 처리 중입니다. 잠시 후 파일 목록에서 확인해 주세요');
      }
      const release = () => db.update(files).set({ completingUntil: null }).where(and(eq(files.id, row.id), eq(files.status, 'pending'))).catch(() => {});
      let joined: { sha256: string | null };
      try {
        joined = await storage.completeMultipart({ key: row.storageKey, uploadId: opts.uploadId, parts: opts.parts });
      } catch (err) {
        await release();
        if (err instanceof StorageError) throw appError(FILES_ERRORS.part_invalid, `${err.message}. 해당 조각을 다시 올린 뒤 완료해 주세요`, { field: 'parts' });
        throw err;
      }
      try {
        return await verifyAndPublish({ actor: opts.actor, row, sha256: opts.sha256, knownSha256: joined.sha256 });
      } finally {
        await release();
      }
    },

    /** Cancels a multipart upload: its parts and its row go. */
    async abort(opts: { actor: AuthUser; uploadId: string }) {
      const row = await pendingUpload({ ...opts, message: '업로드를 찾을 수 없습니다. 이미 취소되었거나 완료되었습니다' });
      await storage.abortMultipart({ key: row.storageKey, uploadId: opts.uploadId });
      await db.transaction(async () => {
        await db.delete(files).where(eq(files.id, row.id));
        await ctx.audit.record({ actorId: opts.actor.userId, action: 'file.upload_abort', entity: 'file', entityId: row.id, after: { fileName: row.fileName } });
      });
      return { aborted: true };
    },

    /**
     * Removes pending uploads whose window passed: multipart parts are aborted, a single PUT
     * that arrived but was never confirmed is deleted, and the row goes. Returns how many.
     */
    async sweepExpired(): Promise<number> {
      const stale = await db.select().from(files).where(and(eq(files.status, 'pending'), lt(files.uploadExpiresAt, ctx.now()))).limit(500);
      for (const row of stale) {
        if (row.uploadId) await storage.abortMultipart({ key: row.storageKey, uploadId: row.uploadId });
        await storage.delete(row.storageKey);
        await db.delete(files).where(and(eq(files.id, row.id), eq(files.status, 'pending')));
      }
      if (isLocalStorage(storage)) await storage.sweepTemp(SINGLE_UPLOAD_WINDOW_MS);
      return stale.length;
    },
  };
}
