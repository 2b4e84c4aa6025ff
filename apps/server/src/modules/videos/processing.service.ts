import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { videosTopic } from '@academy/contracts/videos';
import { and, eq, isNull } from 'drizzle-orm';
import type { AbandonedJob, Job } from '../../lib/jobs/jobs.ts';
import { FfmpegRefused, makePoster, makeStream, probe } from './ffmpeg.ts';
import { checkMp4Index } from './mp4-index.ts';
import type { VideosDeps } from './videos.deps.ts';
import { posterKeyOf, streamKeyOf } from './videos.rows.ts';
import { videos } from './videos.table.ts';

export const PROCESS_QUEUE = 'videos.process';
export type ProcessJob = { videoId: number; weeklyLectureId: number };
/** Retries after the first failure (a full disk, a storage hiccup); a file that is not a video fails at once. */
export const PROCESS_RETRIES = 2;

/** A failure no retry can fix: the video is marked failed with this message. */
class Unprocessable extends Error {}


/**
 * Makes an uploaded recording stream well, in a background job (one at a time per instance, at
 * low CPU priority): copies the original out of storage into a work folder, reads its duration
 * and size, takes a poster frame, writes the streaming copy (faststart, re-encoded only when a
 * browser could not play it), stores both, and marks the video ready. Progress goes to the
 * session's topic and into the row (for a page opened later). Running it again redoes the same
 * keys, so a job that comes back after a crash is harmless.
 */
export function createProcessingService({ ctx, files }: Pick<VideosDeps, 'ctx' | 'files'>) {
  const { db, storage } = ctx;

  async function report(job: Job<ProcessJob>, percent: number, message: string) {
    await db.update(videos).set({ processingPercent: Math.round(percent), processingMessage: message }).where(eq(videos.id, job.data.videoId));
    await job.progress({ done: Math.round(percent), total: 100, message });
  }

  /** Reports at most every 5 points, so a long copy does not write the row a thousand times. */
  function throttled(job: Job<ProcessJob>, from: number, to: number, message: string) {
    let last = -Infinity;
    return (share: number) => {
      const p = from + (to - from) * share;
      if (p - last < 5) return;
      last = p;
      void report(job, p, message).catch(() => {});
    };
  }

  async function fail(videoId: number, message: string) {
    await db.update(videos).set({ status: 'failed', error: message, processingPercent: null, processingMessage: null, updatedAt: ctx.now() }).where(eq(videos.id, videoId));
  }

  async function process(job: Job<ProcessJob>, workDir: string) {
    const [row] = await db.select().from(videos).where(and(eq(videos.id, job.data.videoId), isNull(videos.deletedAt)));
    if (!row || row.status === 'ready' || row.fileId === null) return;
    const source = await files.videoFiles.source(row.fileId);
    if (!source) throw new Unprocessable('올린 원본 파일이 없습니다. 영상을 지우고 다시 올려 주세요');

    await mkdir(workDir, { recursive: true });
    const disk = await statfs(workDir);
    if (disk.bavail * disk.bsize < source.size * 2.2) throw new Error(`서버의 작업 공간이 부족합니다 (원본의 두 배 이상 필요: ${Math.ceil((source.size * 2.2) / 1024 ** 3)}GB)`);

    const input = path.join(workDir, 'original');
    const output = path.join(workDir, 'stream.mp4');
    const poster = path.join(workDir, 'poster.jpg');
    await report(job, 1, '원본 가져오는 중');
    const copied = throttled(job, 1, 20, '원본 가져오는 중');
    let received = 0;
    await pipeline(
      await storage.read({ key: source.storageKey }),
      new Transform({
        transform(chunk: Buffer, _enc, cb) {
          received += chunk.length;
          copied(received / Math.max(1, source.size));
          cb(null, chunk);
        },
      }),
      createWriteStream(input, { highWaterMark: 4 * 1024 * 1024 }),
      { signal: job.signal },
    );

    await report(job, 20, '영상 정보 읽는 중');
    // An index that lists the same data again would make the copy many times the upload.
    const index = await checkMp4Index(input);
    if (!index.ok) throw new Unprocessable(index.reason);
    const info = await probe(input, job.signal);
    if (!info.video) throw new Unprocessable('영상 트랙이 없는 파일입니다 (소리만 있는 파일은 올릴 수 없습니다)');
    if (!(info.durationSec > 0)) throw new Unprocessable('영상 길이를 읽을 수 없습니다. 파일이 손상되었을 수 있습니다');

    await report(job, 22, '미리보기 이미지 만드는 중');
    await makePoster({ input, output: poster, atSec: Math.min(5, info.durationSec / 2), signal: job.signal });
    const { transcoded } = await makeStream({
      input, output, probe: info, inputBytes: source.size, signal: job.signal,
      progress: throttled(job, 25, 90, '스트리밍용으로 변환하는 중'),
    });

    await report(job, 90, '저장하는 중');
    const streamKey = streamKeyOf(row.id);
    const posterKey = posterKeyOf(row.id);
    await storage.putFile({ key: streamKey, path: output, contentType: 'video/mp4' });
    const posterMade = await stat(poster).then((s) => s.size > 0, () => false);
    if (posterMade) await storage.putFile({ key: posterKey, path: poster, contentType: 'image/jpeg' });
    const { size: streamSize } = await stat(output);

    const done = await db.transaction(async () => {
      const updated = await db
        .update(videos)
        .set({
          status: 'ready', durationSec: Math.round(info.durationSec * 100) / 100, width: info.video!.width || null, height: info.video!.height || null,
          streamKey, streamSize, posterKey: posterMade ? posterKey : null, processingPercent: null, processingMessage: null, error: null, updatedAt: ctx.now(),
        })
        .where(and(eq(videos.id, row.id), isNull(videos.deletedAt)))
        .returning({ id: videos.id });
      if (updated.length) await ctx.audit.record({ actorId: null, action: 'video.processed', entity: 'video', entityId: row.id, after: { durationSec: info.durationSec, transcoded, streamSize } });
      return updated.length > 0;
    });
    if (!done) {
      // Deleted while it was being processed: nothing should stay behind.
      await storage.delete(streamKey).catch(() => {});
      await storage.delete(posterKey).catch(() => {});
    }
  }

  return {
    definition: {
      queue: PROCESS_QUEUE,
      concurrency: 1,
      retryLimit: PROCESS_RETRIES,
      retryDelaySeconds: 30,
      // A long recording that must be re-encoded takes hours on a small server.
      expireInSeconds: 12 * 60 * 60,
      progressTopic: (d: ProcessJob) => videosTopic.of(d.weeklyLectureId),
      // The instance processing it died: another one starts over (or, with no attempt left, it fails).
      abandoned: async (job: AbandonedJob<ProcessJob>) => {
        if (job.final) return fail(job.data.videoId, '처리하지 못했습니다: 처리하던 서버가 멈췄습니다');
        await db.update(videos).set({ processingPercent: 0, processingMessage: '처리하던 서버가 멈춰 처음부터 다시 처리합니다' }).where(and(eq(videos.id, job.data.videoId), eq(videos.status, 'processing')));
      },
      handler: async (job: Job<ProcessJob>) => {
        const workDir = path.join(ctx.config.dataDir, 'video-work', `${job.data.videoId}-${job.id}`);
        try {
          await process(job, workDir);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          if (err instanceof Unprocessable || err instanceof FfmpegRefused) return fail(job.data.videoId, message);
          if (job.attempt > PROCESS_RETRIES) await fail(job.data.videoId, `처리하지 못했습니다: ${message}`);
          else await report(job, 0, `다시 시도합니다 (${job.attempt}/${PROCESS_RETRIES + 1}): ${message}`).catch(() => {});
          throw err;
        } finally {
          await rm(workDir, { recursive: true, force: true });
        }
      },
    },
  };
}
