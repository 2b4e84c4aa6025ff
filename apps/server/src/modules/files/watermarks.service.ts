import { FILES_ERRORS, WATERMARK_USER_ERRORS } from '@academy/contracts/files';
import { and, eq } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import { createWorkerPool, WorkerFailure, type WorkerPool, workerScript } from '../../lib/workers/pool.ts';
import type { FilesDeps } from './files.deps.ts';
import { kstDay, watermarkFamily, type FileRow } from './files.rows.ts';
import { fileWatermarks } from './files.table.ts';
import { readVerified } from './upload-check.ts';
import { WATERMARK_LIMITS, type WatermarkTask, type WatermarkText } from './files.watermark.ts';

export type WatermarkService = ReturnType<typeof createWatermarkService>;

let pool: WorkerPool<WatermarkTask, Uint8Array> | null = null;
const watermarkPool = () =>
  (pool ??= createWorkerPool<WatermarkTask, Uint8Array>({
    name: 'watermark',
    script: workerScript(import.meta.url, 'watermark.worker'),
    size: 1,
    // A lecture PDF is untrusted: the whole worker process is capped, not only its V8 heap.
    isolation: 'process',
    memoryMb: WATERMARK_LIMITS.memoryMb,
    timeoutMs: WATERMARK_LIMITS.timeoutMs,
    maxQueue: 16,
  }));

/** Makes the copy in a worker process (watermark.worker.ts); a file that is too much fails alone, in Korean. */
async function makeCopy(task: WatermarkTask): Promise<Uint8Array> {
  try {
    return await watermarkPool().run(task, { transfer: [task.bytes.buffer as ArrayBuffer] });
  } catch (err) {
    if (!(err instanceof WorkerFailure)) throw err;
    if (err.reason === 'failed' && err.code === 'watermark') throw appError(FILES_ERRORS.watermark_failed, err.message);
    if (err.reason === 'busy') throw appError(FILES_ERRORS.watermark_failed, '워터마크 작업이 밀려 있습니다. 잠시 후 다시 열어 주세요');
    if (err.reason === 'memory' || err.reason === 'timeout') throw appError(FILES_ERRORS.watermark_failed, '파일이 너무 크거나 복잡해 워터마크를 넣지 못했습니다. 자료를 나누어 다시 올려 주세요');
    throw appError(FILES_ERRORS.watermark_failed, 'PDF를 읽지 못했습니다. 파일이 손상되었을 수 있습니다');
  }
}

/**
 * Watermarked copies of lecture materials: the person's name, the last four digits of their phone
 * and the Korean date on every page. The original is never changed; copies are cached per
 * (file, person, Korean day) in storage and in `file_watermarks`.
 */
export function createWatermarkService({ ctx, users }: Pick<FilesDeps, 'ctx' | 'users'>) {
  const { db, storage } = ctx;

  async function textFor(userId: number): Promise<WatermarkText> {
    const u = (await users.directory([userId])).get(userId);
    if (!u) throw appError(WATERMARK_USER_ERRORS.not_found, '학생을 찾을 수 없습니다');
    const digits = (u.phone ?? '').replace(/\D/g, '');
    return { name: u.name, phoneTail: digits.length >= 4 ? digits.slice(-4) : u.loginId, date: kstDay(ctx.now()).label };
  }

  return {
    /** The cached copy of `row` marked for `userId` today, made on first use: its storage key and download name. */
    async copyFor(opts: { row: FileRow; userId: number }): Promise<{ key: string; fileName: string }> {
      const { row, userId } = opts;
      const day = kstDay(ctx.now()).key;
      const fileName = row.fileName.replace(/\.[^.]+$/, '') + '.pdf';
      const [cached] = await db.select().from(fileWatermarks).where(and(eq(fileWatermarks.fileId, row.id), eq(fileWatermarks.userId, userId), eq(fileWatermarks.day, day)));
      if (cached && (await storage.head(cached.storageKey))) return { key: cached.storageKey, fileName };
      const family = watermarkFamily(row.fileName);
      if (!family) throw appError(FILES_ERRORS.watermark_unsupported, '워터마크는 PDF, PNG, JPEG 파일에만 넣을 수 있습니다');
      if (row.size > WATERMARK_LIMITS.maxBytes) {
        throw appError(FILES_ERRORS.watermark_failed, `워터마크를 넣기에는 너무 큰 파일입니다 (최대 ${WATERMARK_LIMITS.maxBytes / 1024 / 1024}MB). 자료를 나누어 다시 올려 주세요`);
      }
      const text = await textFor(userId);
      const original = await readVerified(storage, row);
      // Moved to the worker, not copied, unless the bytes share a buffer with others (small reads).
      const whole = original.byteOffset === 0 && original.byteLength === original.buffer.byteLength;
      const out = await makeCopy({ family, bytes: whole ? new Uint8Array(original.buffer) : new Uint8Array(original), text });
      const key = `watermarks/${row.id}/${userId}/${day}.pdf`;
      await storage.put({ key, body: out, contentType: 'application/pdf' });
      await db
        .insert(fileWatermarks)
        .values({ fileId: row.id, userId, day, storageKey: key, size: out.length, createdAt: ctx.now() })
        .onConflictDoUpdate({ target: [fileWatermarks.fileId, fileWatermarks.userId, fileWatermarks.day], set: { storageKey: key, size: out.length } });
      return { key, fileName };
    },

    /** Storage keys of every cached copy of a file (removed with the file). */
    async keysOf(fileId: number): Promise<string[]> {
      const rows = await db.select({ key: fileWatermarks.storageKey }).from(fileWatermarks).where(eq(fileWatermarks.fileId, fileId));
      return rows.map((r) => r.key);
    },

    /** Drops the cache entries of a file (its row is being deleted; the caller removes the bytes). */
    async forget(fileId: number): Promise<void> {
      await db.delete(fileWatermarks).where(eq(fileWatermarks.fileId, fileId));
    },
  };
}
