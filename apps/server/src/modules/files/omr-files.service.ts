import { FILES_ERRORS } from '@academy/contracts/files';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { FilesDeps } from './files.deps.ts';
import { files } from './files.table.ts';
import { readVerified } from './upload-check.ts';

/** What the OMR module may do with the scans it had uploaded (kind `omr`): read their bytes, delete them. */
export type OmrFiles = ReturnType<typeof createOmrFileService>;

export function createOmrFileService({ ctx }: Pick<FilesDeps, 'ctx'>) {
  const { db, storage } = ctx;

  async function rowsOf(fileIds: readonly number[]) {
    if (!fileIds.length) return [];
    return db.select().from(files).where(and(inArray(files.id, [...fileIds]), eq(files.kind, 'omr'), isNull(files.deletedAt)));
  }

  return {
    /** The uploaded OMR files (checked, of this weekly lecture), or 400 naming the first that is not. */
    async requireReady(opts: { fileIds: readonly number[]; weeklyLectureId: number }) {
      const rows = await rowsOf(opts.fileIds);
      for (const id of opts.fileIds) {
        const row = rows.find((r) => r.id === id);
        if (!row || row.status !== 'available' || row.weeklyLectureId !== opts.weeklyLectureId) {
          throw appError(FILES_ERRORS.not_found, `이 회차에 올린 OMR 파일이 아닙니다 (파일 ID ${id})`, { field: 'fileIds' });
        }
      }
      return opts.fileIds.map((id) => {
        const r = rows.find((x) => x.id === id)!;
        return { id: r.id, fileName: r.fileName, contentType: r.contentType, size: r.size };
      });
    },

    /** File names by id (deleted files too: a batch keeps naming what it read). */
    async names(fileIds: readonly number[]): Promise<Map<number, string>> {
      if (!fileIds.length) return new Map();
      const rows = await db.select({ id: files.id, fileName: files.fileName, deletedAt: files.deletedAt }).from(files).where(inArray(files.id, [...fileIds]));
      return new Map(rows.map((r) => [r.id, r.deletedAt ? `${r.fileName} (삭제됨)` : r.fileName]));
    },

    /** The stored bytes of one OMR file. */
    async read(fileId: number): Promise<Buffer> {
      const [row] = await rowsOf([fileId]);
      if (!row) throw appError(FILES_ERRORS.not_found, 'OMR 파일을 찾을 수 없습니다');
      return readVerified(storage, row);
    },

    /** A short signed URL to open the original scan or photo. */
    async url(fileId: number): Promise<string | null> {
      const [row] = await rowsOf([fileId]);
      if (!row) return null;
      return storage.presignGet({ key: row.storageKey, expiresInSec: 300, fileName: row.fileName, contentType: row.contentType, inline: true });
    },

    /** Deletes OMR files (soft-deletes the rows in the caller's transaction, audited); returns the storage keys to remove once it commits. */
    async remove(opts: { fileIds: readonly number[]; actorId: number }): Promise<{ deleted: number; keys: string[] }> {
      const rows = await rowsOf(opts.fileIds);
      if (!rows.length) return { deleted: 0, keys: [] };
      await db.update(files).set({ deletedAt: ctx.now(), updatedAt: ctx.now() }).where(inArray(files.id, rows.map((r) => r.id)));
      await ctx.audit.record(rows.map((r) => ({ actorId: opts.actorId, action: 'file.delete', entity: 'file', entityId: r.id, before: { fileName: r.fileName, size: r.size, sha256: r.sha256, kind: r.kind } })));
      return { deleted: rows.length, keys: rows.map((r) => r.storageKey) };
    },
  };
}
