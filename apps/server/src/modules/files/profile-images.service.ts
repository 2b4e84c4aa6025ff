import { FILES_ERRORS, PROFILE_IMAGE_SIZE, type ProfileImage } from '@academy/contracts/files';
import { VALIDATION_ERRORS } from '@academy/contracts/errors';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FilesDeps } from './files.deps.ts';
import { isStaff, newStorageKey } from './files.rows.ts';
import { files } from './files.table.ts';

/** Signed photo URLs live an hour: a grid shows them for a while without asking again. */
const PHOTO_URL_TTL_SEC = 60 * 60;
/** A phone photo is at most a few thousand pixels a side; anything bigger is refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Student profile photos. The photo arrives through the ordinary upload flow (kind `profile`); setting
 * it on a student crops the centre square, resizes it to 256 × 256 and re-encodes it as WebP with
 * sharp. sharp writes no metadata unless asked, so EXIF (the phone's location, the camera) is gone;
 * the orientation is applied to the pixels first. The processed bytes replace the upload's.
 */
export function createProfileImageService(deps: Pick<FilesDeps, 'ctx' | 'students'>) {
  const { ctx, students } = deps;
  const { db, storage } = ctx;

  async function urlsOf(fileIds: Map<number, number>): Promise<ProfileImage[]> {
    if (fileIds.size === 0) return [];
    const rows = await db
      .select({ id: files.id, storageKey: files.storageKey, fileName: files.fileName, contentType: files.contentType })
      .from(files)
      .where(and(inArray(files.id, [...new Set(fileIds.values())]), isNull(files.deletedAt), eq(files.status, 'available')));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: ProfileImage[] = [];
    for (const [userId, fileId] of fileIds) {
      const row = byId.get(fileId);
      if (!row) continue;
      const url = await storage.presignGet({ key: row.storageKey, fileName: row.fileName, contentType: row.contentType, inline: true, expiresInSec: PHOTO_URL_TTL_SEC });
      out.push({ userId, fileId, url });
    }
    return out;
  }

  /** Crops, resizes and strips one uploaded photo; the file row then points at the processed bytes. */
  async function process(actor: AuthUser, fileId: number): Promise<void> {
    const [row] = await db.select().from(files).where(and(eq(files.id, fileId), isNull(files.deletedAt)));
    const mine = row && (row.ownerId === actor.userId || (isStaff(actor) && row.ownerId !== null));
    if (!row || !mine || row.kind !== 'profile') {
      throw appError(VALIDATION_ERRORS.invalid, '프로필 사진 파일을 찾을 수 없습니다. 사진을 다시 올려 주세요', { field: 'fileId' });
    }
    if (row.status !== 'available') throw appError(VALIDATION_ERRORS.invalid, '사진 업로드가 아직 끝나지 않았습니다', { field: 'fileId' });
    if (row.contentType === 'image/webp' && row.fileName === 'profile.webp') return;
    let out: Buffer;
    try {
      const input = await buffer(await storage.read({ key: row.storageKey }));
      out = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw appError(FILES_ERRORS.type_not_allowed, '사진을 읽을 수 없습니다. JPG, PNG 또는 WEBP 사진을 올려 주세요', { field: 'fileId' });
    }
    const key = newStorageKey(ctx.now());
    await storage.put({ key, body: out, contentType: 'image/webp' });
    await db
      .update(files)
      .set({ storageKey: key, fileName: 'profile.webp', contentType: 'image/webp', size: out.length, sha256: createHash('sha256').update(out).digest('hex'), updatedAt: ctx.now() })
      .where(eq(files.id, row.id));
    await storage.delete(row.storageKey);
  }

  async function setPhoto(opts: { actor: AuthUser; studentId: number; fileId: number | null }): Promise<ProfileImage> {
    if (opts.fileId !== null) await process(opts.actor, opts.fileId);
    const previous = await db.transaction(() => students.photos.set({ studentId: opts.studentId, fileId: opts.fileId, actorId: opts.actor.userId }));
    if (previous !== null && previous !== opts.fileId) {
      await db.update(files).set({ deletedAt: ctx.now() }).where(and(eq(files.id, previous), eq(files.kind, 'profile')));
    }
    if (opts.fileId === null) return { userId: opts.studentId, fileId: null, url: null };
    const [photo] = await urlsOf(new Map([[opts.studentId, opts.fileId]]));
    return photo ?? { userId: opts.studentId, fileId: opts.fileId, url: null };
  }

  return {
    setPhoto,
    /** Signed URLs of the photos of these students (staff: anyone; a student: only their own). */
    async urls(opts: { actor: AuthUser; userIds: number[] }): Promise<ProfileImage[]> {
      const allowed = isStaff(opts.actor) ? opts.userIds : opts.userIds.filter((id) => id === opts.actor.userId);
      return urlsOf(await students.photos.ofStudents(allowed));
    },
  };
}
