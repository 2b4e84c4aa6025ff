import { FILES_ERRORS, type SignedUrl } from '@academy/contracts/files';
import { sql } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FilesDeps } from './files.deps.ts';
import type { FileRecords } from './files.records.ts';
import { isStaff, watermarkFamily, type FileRow } from './files.rows.ts';
import { fileViews } from './files.table.ts';
import type { PermissionService } from './permissions.service.ts';
import type { WatermarkService } from './watermarks.service.ts';

/** Download URLs are short: they are handed out per click. */
const GET_URL_TTL_SEC = 5 * 60;

export type DownloadService = ReturnType<typeof createDownloadService>;

/**
 * Signed download URLs. Students get a watermarked copy of a lecture material (PDF, PNG, JPEG)
 * and their open is recorded (the who-opened-it list); staff get the original.
 */
export function createDownloadService(deps: Pick<FilesDeps, 'ctx'> & { records: FileRecords; permissions: PermissionService; watermarks: WatermarkService }) {
  const { ctx, records, permissions, watermarks } = deps;
  const { db, storage } = ctx;

  async function signedUrl(opts: { key: string; fileName: string; contentType: string; inline: boolean }): Promise<SignedUrl> {
    const url = await storage.presignGet({ key: opts.key, fileName: opts.fileName, contentType: opts.contentType, inline: opts.inline, expiresInSec: GET_URL_TTL_SEC });
    return { url, expiresAt: new Date(ctx.now().getTime() + GET_URL_TTL_SEC * 1000).toISOString(), fileName: opts.fileName, watermarked: false };
  }

  /** A student opened a material: first and last time, and how often. */
  async function recordView(opts: { userId: number; fileId: number }): Promise<void> {
    const now = ctx.now();
    await db
      .insert(fileViews)
      .values({ fileId: opts.fileId, userId: opts.userId, firstOpenedAt: now, lastOpenedAt: now, openCount: 1 })
      .onConflictDoUpdate({ target: [fileViews.fileId, fileViews.userId], set: { lastOpenedAt: now, openCount: sql`${fileViews.openCount} + 1` } });
  }

  /** The URL `actor` gets for `row`: checked, watermarked for a student's material, the open recorded. */
  async function urlFor(opts: { actor: AuthUser; row: FileRow; inline: boolean }): Promise<SignedUrl> {
    const { actor, row, inline } = opts;
    if (row.status !== 'available') throw appError(FILES_ERRORS.not_available, '업로드가 끝나지 않은 파일입니다');
    await permissions.ensureMayRead({ actor, row });
    const student = !isStaff(actor);
    if (student && row.kind === 'material' && watermarkFamily(row.fileName)) {
      const copy = await watermarks.copyFor({ row, userId: actor.userId });
      await recordView({ userId: actor.userId, fileId: row.id });
      return { ...(await signedUrl({ key: copy.key, fileName: copy.fileName, contentType: 'application/pdf', inline })), watermarked: true };
    }
    if (student && row.kind === 'material') await recordView({ userId: actor.userId, fileId: row.id });
    return signedUrl({ key: row.storageKey, fileName: row.fileName, contentType: row.contentType, inline });
  }

  return {
    recordView,
    urlFor,

    async downloadUrl(opts: { actor: AuthUser; fileId: number; inline: boolean }): Promise<SignedUrl> {
      return urlFor({ actor: opts.actor, row: await records.require(opts.fileId), inline: opts.inline });
    },

    async downloadUrls(opts: { actor: AuthUser; fileIds: number[]; inline: boolean }): Promise<(SignedUrl & { fileId: number })[]> {
      const out = [];
      for (const fileId of opts.fileIds) out.push({ fileId, ...(await urlFor({ actor: opts.actor, row: await records.require(fileId), inline: opts.inline })) });
      return out;
    },

    /** Staff: a watermarked copy for a given student (printing, sending); students: their own. */
    async watermark(opts: { actor: AuthUser; fileId: number; studentId: number | null }): Promise<SignedUrl> {
      const { actor } = opts;
      const row = await records.require(opts.fileId);
      if (row.status !== 'available') throw appError(FILES_ERRORS.not_available, '업로드가 끝나지 않은 파일입니다');
      await permissions.ensureMayRead({ actor, row });
      const target = isStaff(actor) ? (opts.studentId ?? actor.userId) : actor.userId;
      const copy = await watermarks.copyFor({ row, userId: target });
      return { ...(await signedUrl({ key: copy.key, fileName: copy.fileName, contentType: 'application/pdf', inline: true })), watermarked: true };
    },

    /**
     * For a parent link (no account): a short URL while staff keep parent access on, otherwise null.
     * With a student, a lecture material that can carry a watermark comes marked with that
     * student's name (the same cached copy the student gets); everything else is the original.
     */
    async forParent(opts: { fileId: number; studentId: number | null }): Promise<(SignedUrl & { contentType: string; size: number }) | null> {
      const row = await records.find(opts.fileId);
      if (!row || !row.hasParentAccess || row.status !== 'available') return null;
      if (opts.studentId !== null && row.kind === 'material' && watermarkFamily(row.fileName)) {
        const copy = await watermarks.copyFor({ row, userId: opts.studentId });
        const head = await storage.head(copy.key);
        const signed = await signedUrl({ key: copy.key, fileName: copy.fileName, contentType: 'application/pdf', inline: false });
        return { ...signed, contentType: 'application/pdf', size: head?.size ?? row.size, watermarked: true };
      }
      const signed = await signedUrl({ key: row.storageKey, fileName: row.fileName, contentType: row.contentType, inline: false });
      return { ...signed, contentType: row.contentType, size: row.size };
    },
  };
}
