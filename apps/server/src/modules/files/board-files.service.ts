import { BOARD_FAMILIES, FILE_SIZE_LIMIT, FILE_TYPES, FILES_ERRORS, fileExtension, formatFileSize, sanitizeFileName } from '@academy/contracts/files';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { FilesDeps } from './files.deps.ts';
import { newStorageKey } from './files.rows.ts';
import { files } from './files.table.ts';
import { checkStoredBytes } from './upload-check.ts';

const PUT_URL_TTL_SEC = 15 * 60;
const UPLOAD_WINDOW_MS = 60 * 60 * 1000;
const GET_URL_TTL_SEC = 10 * 60;

export type BoardFile = { id: number; fileName: string; contentType: string; size: number; available: boolean };

/**
 * Attachments of the public board, on the same flow as every file: a pending row and a signed
 * PUT URL, the bytes straight to storage, then the same byte check (size, real type from the first
 * bytes, SHA-256) before the file is available. Pictures and PDFs only, 10 MB each. The board
 * decides who may attach and see (visitors too: `ownerId` null); this only keeps the bytes.
 */
export function createBoardFileService(deps: Pick<FilesDeps, 'ctx'>) {
  const { ctx } = deps;
  const { db, storage } = ctx;

  const describe = (r: typeof files.$inferSelect): BoardFile => ({ id: r.id, fileName: r.fileName, contentType: r.contentType, size: r.size, available: r.status === 'available' });

  async function rowsOf(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return db.select().from(files).where(and(inArray(files.id, [...ids]), eq(files.kind, 'board'), isNull(files.deletedAt)));
  }

  return {
    /** A pending attachment and its signed PUT URL (15 minutes). */
    async start(opts: { ownerId: number | null; fileName: string; fileSize: number }) {
      const fileName = sanitizeFileName(opts.fileName);
      const type = FILE_TYPES[fileExtension(fileName)];
      if (!type || !BOARD_FAMILIES.includes(type.family)) {
        throw appError(FILES_ERRORS.type_not_allowed, '게시판에는 사진(JPG, PNG, GIF, WEBP)과 PDF만 올릴 수 있습니다', { field: 'fileName' });
      }
      if (opts.fileSize > FILE_SIZE_LIMIT.board) {
        throw appError(FILES_ERRORS.too_large, `파일이 너무 큽니다 (${formatFileSize(opts.fileSize)}). 최대 ${formatFileSize(FILE_SIZE_LIMIT.board)}까지 올릴 수 있습니다`, { field: 'fileSize' });
      }
      const now = ctx.now();
      const row = await db.transaction(async () => {
        const [r] = await db
          .insert(files)
          .values({
            storageKey: newStorageKey(now), fileName, contentType: type.contentType, size: opts.fileSize, kind: 'board', ownerId: opts.ownerId,
            uploadExpiresAt: new Date(now.getTime() + UPLOAD_WINDOW_MS), createdAt: now, updatedAt: now,
          })
          .returning();
        await ctx.audit.record({ actorId: opts.ownerId, action: 'file.upload_start', entity: 'file', entityId: r!.id, after: { fileName, size: opts.fileSize, kind: 'board' } });
        return r!;
      });
      const url = await storage.presignPut({ key: row.storageKey, size: row.size, contentType: row.contentType, expiresInSec: PUT_URL_TTL_SEC });
      return { file: describe(row), url, method: 'PUT' as const, headers: { 'content-type': row.contentType, ...storage.uploadHeaders }, expiresAt: new Date(now.getTime() + PUT_URL_TTL_SEC * 1000).toISOString() };
    },

    /** The bytes arrived: check them; a file that fails is removed with its bytes and the reason thrown. */
    async confirm(opts: { fileId: number; sha256: string; actorId: number | null }): Promise<BoardFile> {
      const [row] = await rowsOf([opts.fileId]);
      if (!row) throw appError(FILES_ERRORS.not_found, '첨부 파일을 찾을 수 없습니다');
      if (row.status !== 'pending') throw appError(FILES_ERRORS.already_done, '이미 완료된 업로드입니다');
      const v = await checkStoredBytes(storage, { row, sha256: opts.sha256, knownSha256: null });
      if (!v.ok) {
        await storage.delete(row.storageKey).catch(() => {});
        await db.delete(files).where(eq(files.id, row.id));
        throw v.error;
      }
      const [u] = await db
        .update(files)
        .set({ status: 'available', contentType: v.contentType, sha256: v.sha256, uploadExpiresAt: null, updatedAt: ctx.now() })
        .where(and(eq(files.id, row.id), eq(files.status, 'pending')))
        .returning();
      if (!u) throw appError(FILES_ERRORS.already_done, '이미 완료된 업로드입니다');
      return describe(u);
    },

    /** Attachments by id (deleted ones left out). */
    async describe(ids: readonly number[]): Promise<BoardFile[]> {
      return (await rowsOf(ids)).map(describe);
    },

    /** Short signed URLs to show or download available attachments: pictures inline, PDFs as downloads. */
    async urls(ids: readonly number[]): Promise<Map<number, { url: string; expiresAt: string }>> {
      const rows = (await rowsOf(ids)).filter((r) => r.status === 'available');
      const expiresAt = new Date(ctx.now().getTime() + GET_URL_TTL_SEC * 1000).toISOString();
      const out = new Map<number, { url: string; expiresAt: string }>();
      for (const r of rows) {
        const inline = r.contentType.startsWith('image/');
        out.set(r.id, { url: await storage.presignGet({ key: r.storageKey, fileName: r.fileName, contentType: r.contentType, inline, expiresInSec: GET_URL_TTL_SEC }), expiresAt });
      }
      return out;
    },

    /** Removes attachments (their post was deleted, or they were never attached): rows first, then bytes. */
    async remove(ids: readonly number[]): Promise<void> {
      const rows = await rowsOf(ids);
      if (rows.length === 0) return;
      await db.update(files).set({ deletedAt: ctx.now(), updatedAt: ctx.now() }).where(inArray(files.id, rows.map((r) => r.id)));
      for (const r of rows) await storage.delete(r.storageKey).catch(() => {});
    },
  };
}
