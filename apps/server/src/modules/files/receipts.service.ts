import type { ErrorSpec } from '@academy/contracts/errors';
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { FilesDeps } from './files.deps.ts';
import { newStorageKey } from './files.rows.ts';
import { files } from './files.table.ts';
import type { LibraryService } from './library.service.ts';

/** A receipt as an expense claim shows it. */
export type ReceiptRef = { fileId: number; fileName: string; contentType: string };

export type ReceiptService = ReturnType<typeof createReceiptService>;

/**
 * Receipts for the payroll module's expense claims: uploaded by a TA through the ordinary upload
 * flow (kind `receipt`), attached to a claim by id, opened only by their owner and admins, and
 * removed together with a withdrawn claim.
 */
export function createReceiptService(deps: Pick<FilesDeps, 'ctx'> & { library: LibraryService }) {
  const { ctx, library } = deps;
  const { db } = ctx;

  return {
    /** The checked, live receipt `ownerId` uploaded; otherwise the caller's error on its field. */
    async require(opts: { fileId: number; ownerId: number; error: ErrorSpec; field: string }): Promise<ReceiptRef> {
      const [row] = await db
        .select({ fileId: files.id, fileName: files.fileName, contentType: files.contentType, ownerId: files.ownerId, kind: files.kind, status: files.status })
        .from(files)
        .where(and(eq(files.id, opts.fileId), isNull(files.deletedAt)));
      if (!row || row.ownerId !== opts.ownerId || row.kind !== 'receipt') throw appError(opts.error, '영수증 파일을 찾을 수 없습니다. 영수증을 다시 올려 주세요', { field: opts.field });
      if (row.status !== 'available') throw appError(opts.error, '영수증 업로드가 끝나지 않았습니다', { field: opts.field });
      return { fileId: row.fileId, fileName: row.fileName, contentType: row.contentType };
    },

    /** Names and types of live receipts by id (a missing id is a receipt that is gone). */
    async describe(ids: readonly number[]): Promise<Map<number, ReceiptRef>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ fileId: files.id, fileName: files.fileName, contentType: files.contentType })
        .from(files)
        .where(and(inArray(files.id, unique), isNull(files.deletedAt)));
      return new Map(rows.map((r) => [r.fileId, r]));
    },

    /** A receipt made on the server (the demo center's claims): stored and available at once. */
    async create(opts: { ownerId: number; fileName: string; contentType: string; body: Buffer }): Promise<ReceiptRef> {
      const storageKey = newStorageKey(ctx.now());
      await ctx.storage.put({ key: storageKey, body: opts.body, contentType: opts.contentType });
      const [row] = await db
        .insert(files)
        .values({
          storageKey, fileName: opts.fileName, contentType: opts.contentType, size: opts.body.length, sha256: createHash('sha256').update(opts.body).digest('hex'),
          kind: 'receipt', status: 'available', ownerId: opts.ownerId, createdAt: ctx.now(), updatedAt: ctx.now(),
        })
        .returning({ fileId: files.id, fileName: files.fileName, contentType: files.contentType });
      return row!;
    },

    /** Removes a receipt whose claim was withdrawn or got another receipt. */
    async discard(opts: { fileId: number; actorId: number }): Promise<void> {
      const [row] = await db.select().from(files).where(and(eq(files.id, opts.fileId), eq(files.kind, 'receipt'), isNull(files.deletedAt)));
      if (row) await library.remove({ row, actorId: opts.actorId });
    },
  };
}
