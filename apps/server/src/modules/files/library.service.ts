import { FILES_ERRORS, type FileKind, type FileViews, type ListedFile, type StoredFile } from '@academy/contracts/files';
import { appError } from '../../lib/errors.ts';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AuthUser } from '../../plugins/auth.ts';
import { userAccounts } from '../users/index.ts';
import type { FilesDeps } from './files.deps.ts';
import type { FileRecords } from './files.records.ts';
import { toStoredFile, type FileRow } from './files.rows.ts';
import { files, fileViews } from './files.table.ts';
import type { PermissionService } from './permissions.service.ts';
import type { WatermarkService } from './watermarks.service.ts';

export type LibraryService = ReturnType<typeof createLibraryService>;

/**
 * The stored files as staff manage them: lists with open counts, a file's facts, memo, parent
 * access, delete, and who opened a material (and who has not yet).
 */
export function createLibraryService(deps: Pick<FilesDeps, 'ctx' | 'users'> & { records: FileRecords; permissions: PermissionService; watermarks: WatermarkService }) {
  const { ctx, users, records, permissions, watermarks } = deps;
  const { db, storage } = ctx;

  /** The row soft-deleted and audited in one transaction; then its bytes and cached copies go. */
  async function remove(opts: { row: FileRow; actorId: number }): Promise<void> {
    const { row } = opts;
    const copies = await watermarks.keysOf(row.id);
    await db.transaction(async () => {
      await db.update(files).set({ deletedAt: ctx.now(), updatedAt: ctx.now() }).where(eq(files.id, row.id));
      await watermarks.forget(row.id);
      await ctx.audit.record({ actorId: opts.actorId, action: 'file.delete', entity: 'file', entityId: row.id, before: { fileName: row.fileName, size: row.size, sha256: row.sha256 } });
    });
    // Bytes go after the row is marked deleted, so a failure leaves an orphan object, never a broken row.
    if (row.uploadId && row.status === 'pending') await storage.abortMultipart({ key: row.storageKey, uploadId: row.uploadId }).catch(() => {});
    await storage.delete(row.storageKey).catch(() => {});
    for (const key of copies) await storage.delete(key).catch(() => {});
  }

  return {
    async get(opts: { actor: AuthUser; fileId: number }): Promise<StoredFile> {
      const row = await records.require(opts.fileId);
      await permissions.ensureMayRead({ actor: opts.actor, row });
      return records.reply(row);
    },

    /** Available files, newest first, with how many students opened each. Receipts are reached through their expense claims only. */
    async list(opts: { weeklyLectureId?: number; ownerId?: number; kind?: FileKind }): Promise<ListedFile[]> {
      const where = [isNull(files.deletedAt), eq(files.status, 'available'), ne(files.kind, 'receipt')];
      if (opts.weeklyLectureId !== undefined) where.push(eq(files.weeklyLectureId, opts.weeklyLectureId));
      if (opts.ownerId !== undefined) where.push(eq(files.ownerId, opts.ownerId));
      if (opts.kind !== undefined) where.push(eq(files.kind, opts.kind));
      const rows = await db
        .select({ f: files, ownerName: userAccounts.name, viewCount: sql<number>`(select count(*)::int from ${fileViews} where ${fileViews.fileId} = ${files.id})` })
        .from(files)
        .leftJoin(userAccounts, eq(userAccounts.id, files.ownerId))
        .where(and(...where))
        .orderBy(desc(files.createdAt), desc(files.id))
        .limit(1000);
      return rows.map((r) => ({ ...toStoredFile(r.f, r.ownerName), viewCount: Number(r.viewCount) }));
    },

    async updateMemo(opts: { actor: AuthUser; fileId: number; memo: string }): Promise<StoredFile> {
      const row = await records.require(opts.fileId);
      records.ensureOwnerOrStaff(opts.actor, row);
      const updated = await db.transaction(async () => {
        const [u] = await db.update(files).set({ memo: opts.memo, updatedAt: ctx.now() }).where(eq(files.id, row.id)).returning();
        await ctx.audit.record({ actorId: opts.actor.userId, action: 'file.memo', entity: 'file', entityId: row.id, before: { memo: row.memo }, after: { memo: opts.memo } });
        return u!;
      });
      return records.reply(updated);
    },

    /** Parents may get the file through a parent link. Switching it off closes every link of the file at once. */
    async setParentAccess(opts: { actor: AuthUser; fileId: number; hasParentAccess: boolean }): Promise<StoredFile> {
      const row = await records.require(opts.fileId);
      const updated = await db.transaction(async () => {
        const [u] = await db.update(files).set({ hasParentAccess: opts.hasParentAccess, updatedAt: ctx.now() }).where(eq(files.id, row.id)).returning();
        await ctx.audit.record({
          actorId: opts.actor.userId, action: 'file.parent_access', entity: 'file', entityId: row.id,
          before: { hasParentAccess: row.hasParentAccess }, after: { hasParentAccess: opts.hasParentAccess },
        });
        return u!;
      });
      return records.reply(updated);
    },

    /** Soft-deletes the row; the bytes and the cached watermarked copies are removed. */
    async delete(opts: { actor: AuthUser; fileId: number }) {
      const row = await records.require(opts.fileId);
      records.ensureOwnerOrStaff(opts.actor, row);
      // A checked receipt belongs to its expense claim: it goes when the claim is withdrawn, never on its
      // own. An upload that never finished may be cleaned up by its uploader.
      if (row.kind === 'receipt' && row.status === 'available') throw appError(FILES_ERRORS.forbidden, '영수증은 경비 청구를 취소하면 함께 지워집니다');
      await remove({ row, actorId: opts.actor.userId });
      return { deleted: true };
    },

    remove,

    /** Who opened a material, and which granted students have not yet (by name). */
    async views(fileId: number): Promise<FileViews> {
      const row = await records.require(fileId);
      const opened = await db
        .select({
          userId: fileViews.userId, name: userAccounts.name, loginId: userAccounts.loginId, phone: userAccounts.phone,
          firstOpenedAt: fileViews.firstOpenedAt, lastOpenedAt: fileViews.lastOpenedAt, openCount: fileViews.openCount,
        })
        .from(fileViews)
        .innerJoin(userAccounts, eq(userAccounts.id, fileViews.userId))
        .where(eq(fileViews.fileId, row.id));
      const openedIds = new Set(opened.map((o) => o.userId));
      const granted = row.weeklyLectureId ? await permissions.grantedStudentIds(row.weeklyLectureId) : [];
      const directory = await users.directory(granted.filter((id) => !openedIds.has(id)));
      const notOpened = [...directory.values()].map((u) => ({ userId: u.id, name: u.name, loginId: u.loginId, phone: u.phone }));
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'ko');
      return {
        opened: opened.sort(byName).map((o) => ({ ...o, firstOpenedAt: o.firstOpenedAt.toISOString(), lastOpenedAt: o.lastOpenedAt.toISOString() })),
        notOpened: notOpened.sort(byName),
      };
    },
  };
}
