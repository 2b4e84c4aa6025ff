import { parseVideoLink, VIDEO_ERRORS, type CreateVideoBody, type Video } from '@academy/contracts/videos';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateVideoBody } from '@academy/contracts/videos';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { SettingsService } from './settings.service.ts';
import type { VideosDeps } from './videos.deps.ts';
import { PROCESS_QUEUE, type ProcessJob } from './processing.service.ts';
import { posterUrlOf, requireVideo, type VideoRow } from './videos.rows.ts';
import { videoProgress, videos } from './videos.table.ts';

export type LibraryService = ReturnType<typeof createLibraryService>;

/**
 * Staff's side of a session's videos: the list (with who watched), adding an upload or a link,
 * renaming, deleting, retrying a failed upload, and a preview. An upload is queued for
 * processing in the same transaction that adds it, so a video never waits for a job that was lost.
 */
export function createLibraryService(deps: VideosDeps & { settings: SettingsService }) {
  const { ctx, users, lectures, files, settings } = deps;
  const { db } = ctx;

  async function toVideos(rows: VideoRow[]): Promise<Video[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const { completionPercent } = await settings.get();
    const [counts, names] = await Promise.all([
      db
        .select({
          videoId: videoProgress.videoId,
          viewers: sql<number>`count(*)::int`,
          completed: sql<number>`(count(*) filter (where ${videoProgress.completedAt} is not null or ${videoProgress.percent} >= ${completionPercent}))::int`,
        })
        .from(videoProgress)
        .where(inArray(videoProgress.videoId, ids))
        .groupBy(videoProgress.videoId),
      users.directory(rows.map((r) => r.createdBy).filter((id): id is number => id !== null)),
    ]);
    const countOf = new Map(counts.map((c) => [c.videoId, c]));
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        lectureId: r.lectureId,
        weeklyLectureId: r.weeklyLectureId,
        title: r.title,
        source: r.source,
        status: r.status,
        durationSec: r.durationSec,
        linkUrl: r.linkUrl,
        file: r.fileId !== null ? { id: r.fileId, fileName: r.fileName ?? '', size: r.fileSize ?? 0 } : null,
        width: r.width,
        height: r.height,
        processing: r.status === 'processing' ? { percent: r.processingPercent ?? 0, message: r.processingMessage } : null,
        error: r.error,
        posterUrl: await posterUrlOf(ctx, r),
        completedCount: countOf.get(r.id)?.completed ?? 0,
        viewerCount: countOf.get(r.id)?.viewers ?? 0,
        createdByName: r.createdBy !== null ? (names.get(r.createdBy)?.name ?? null) : null,
        createdAt: r.createdAt.toISOString(),
      })),
    );
  }

  const one = async (row: VideoRow) => (await toVideos([row]))[0]!;

  async function queueProcessing(row: VideoRow) {
    await ctx.jobs.send<ProcessJob>(PROCESS_QUEUE, { videoId: row.id, weeklyLectureId: row.weeklyLectureId });
  }

  return {
    toVideos,

    async list(opts: { lectureId: number; weeklyLectureId: number }): Promise<Video[]> {
      await lectures.sessions.require({ weeklyLectureId: opts.weeklyLectureId, lectureId: opts.lectureId });
      const rows = await db.select().from(videos).where(and(eq(videos.weeklyLectureId, opts.weeklyLectureId), isNull(videos.deletedAt))).orderBy(asc(videos.createdAt), asc(videos.id));
      return toVideos(rows);
    },

    async create(opts: { actor: AuthUser; lectureId: number; weeklyLectureId: number; input: CreateVideoBody }): Promise<Video> {
      const session = await lectures.sessions.require({ weeklyLectureId: opts.weeklyLectureId, lectureId: opts.lectureId });
      const { input } = opts;
      const now = ctx.now();
      const base = { lectureId: session.lectureId, weeklyLectureId: session.id, title: input.title.trim(), createdBy: opts.actor.userId, createdAt: now, updatedAt: now };
      let values: typeof videos.$inferInsert;
      if (input.source === 'upload') {
        const file = await files.videoFiles.require({ fileId: input.fileId, weeklyLectureId: session.id, field: 'fileId' });
        const [used] = await db.select({ id: videos.id }).from(videos).where(eq(videos.fileId, file.id));
        if (used) throw appError(VIDEO_ERRORS.file_in_use, '이 파일은 이미 다른 영상으로 추가되어 있습니다', { field: 'fileId' });
        values = { ...base, source: 'upload', status: 'processing', fileId: file.id, fileName: file.fileName, fileSize: file.size, processingPercent: 0, processingMessage: '처리 대기 중' };
      } else {
        const link = parseVideoLink(input.url);
        if (!link) throw appError(VIDEO_ERRORS.link_invalid, 'YouTube 또는 Vimeo 영상 주소가 아닙니다', { field: 'url' });
        values = { ...base, source: link.provider, status: 'ready', providerVideoId: link.videoId, providerHash: link.hash, linkUrl: link.url, durationSec: input.durationSec };
      }
      const row = await db.transaction(async () => {
        const [r] = await db.insert(videos).values(values).returning();
        await ctx.audit.record({ actorId: opts.actor.userId, action: 'video.create', entity: 'video', entityId: r!.id, after: { title: r!.title, source: r!.source, fileId: r!.fileId, linkUrl: r!.linkUrl, weeklyLectureId: r!.weeklyLectureId } });
        if (r!.source === 'upload') await queueProcessing(r!);
        return r!;
      });
      return one(row);
    },

    async update(opts: { actor: AuthUser; id: number; input: z.output<typeof updateVideoBody> }): Promise<Video> {
      const before = await requireVideo(ctx, opts.id);
      const durationSec = before.source !== 'upload' && opts.input.durationSec !== undefined ? opts.input.durationSec : before.durationSec;
      const row = await db.transaction(async () => {
        const [r] = await db.update(videos).set({ title: opts.input.title.trim(), durationSec, updatedAt: ctx.now() }).where(eq(videos.id, before.id)).returning();
        await ctx.audit.record({ actorId: opts.actor.userId, action: 'video.update', entity: 'video', entityId: before.id, before: { title: before.title, durationSec: before.durationSec }, after: { title: r!.title, durationSec: r!.durationSec } });
        return r!;
      });
      return one(row);
    },

    /** Soft delete: the video leaves every list, what students watched stays; the uploaded bytes go. */
    async delete(opts: { actor: AuthUser; id: number }) {
      const row = await requireVideo(ctx, opts.id);
      await db.transaction(async () => {
        await db.update(videos).set({ deletedAt: ctx.now(), updatedAt: ctx.now() }).where(eq(videos.id, row.id));
        await ctx.audit.record({ actorId: opts.actor.userId, action: 'video.delete', entity: 'video', entityId: row.id, before: { title: row.title, source: row.source, fileId: row.fileId, linkUrl: row.linkUrl } });
      });
      for (const key of [row.streamKey, row.posterKey]) if (key) await ctx.storage.delete(key).catch(() => {});
      if (row.fileId !== null) await files.videoFiles.remove({ actor: opts.actor, fileId: row.fileId });
      return { id: row.id };
    },

    /** A failed upload goes back into the queue (after the cause, e.g. disk space, was fixed). */
    async retry(opts: { actor: AuthUser; id: number }): Promise<Video> {
      const before = await requireVideo(ctx, opts.id);
      if (before.status !== 'failed') throw appError(VIDEO_ERRORS.not_failed, '처리에 실패한 영상만 다시 처리할 수 있습니다');
      const row = await db.transaction(async () => {
        const [r] = await db.update(videos).set({ status: 'processing', error: null, processingPercent: 0, processingMessage: '처리 대기 중', updatedAt: ctx.now() }).where(eq(videos.id, before.id)).returning();
        await ctx.audit.record({ actorId: opts.actor.userId, action: 'video.retry', entity: 'video', entityId: before.id, before: { error: before.error } });
        await queueProcessing(r!);
        return r!;
      });
      return one(row);
    },
  };
}
