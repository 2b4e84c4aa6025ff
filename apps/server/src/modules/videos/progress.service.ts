import { MAX_PLAYBACK_RATE, VIDEO_ERRORS, type VideoProgress } from '@academy/contracts/videos';
import { and, eq, isNull } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import { credit } from './intervals.ts';
import type { SettingsService } from './settings.service.ts';
import type { VideosDeps } from './videos.deps.ts';
import { requireVideo, toProgress, type VideoRow } from './videos.rows.ts';
import { videoProgress, videos, type Interval } from './videos.table.ts';

/**
 * The most seconds that may be counted at once: a few missed reports at full speed. Real time
 * refills it at the fastest playback speed, so no sequence of reports counts faster than a
 * player could play.
 */
export const CREDIT_CAP_SEC = 120;
/** How long a report remembers that the student may watch the video (see watchableForReport). */
const REPORT_ACCESS_MEMORY_MS = 30_000;

export type ProgressService = ReturnType<typeof createProgressService>;

/**
 * What a student watched. A report carries the intervals the player really played; the server
 * keeps their union (replays count once, skipped parts never), the last position, and when the
 * video was completed. New seconds are counted only within the credit real time allows, so a
 * forged report (a jump to the end, an interval of the whole video) cannot complete a video.
 * Completion may mark the session's attendance (settings), unless a person already marked it.
 */
export function createProgressService(deps: Pick<VideosDeps, 'ctx' | 'lectures'> & { settings: SettingsService }) {
  const { ctx, lectures, settings } = deps;
  const { db } = ctx;

  /** The student takes part in the video's session (or its lecture): otherwise 403. */
  async function ensureMayWatch(userId: number, row: VideoRow): Promise<void> {
    if (!(await lectures.participation.takesPart({ userId, session: { id: row.weeklyLectureId, lectureId: row.lectureId } }))) {
      throw appError(VIDEO_ERRORS.forbidden, '수강하는 강좌의 영상만 볼 수 있습니다');
    }
  }

  /** The live video a student may watch, or 404 / 403. */
  async function watchable(userId: number, videoId: number): Promise<VideoRow> {
    const row = await requireVideo(ctx, videoId);
    await ensureMayWatch(userId, row);
    return row;
  }

  /**
   * The same answer for reports, remembered briefly: a player reports every 10 s, and the video
   * and the student's place in its session do not change between two reports. A video deleted or
   * a student removed is noticed within the memory's lifetime.
   */
  const allowed = new Map<string, { at: number; video: VideoRow }>();
  async function watchableForReport(userId: number, videoId: number): Promise<VideoRow> {
    const key = `${userId}:${videoId}`;
    const now = ctx.now().getTime();
    const hit = allowed.get(key);
    if (hit && now - hit.at >= 0 && now - hit.at < REPORT_ACCESS_MEMORY_MS) return hit.video;
    const video = await watchable(userId, videoId);
    if (allowed.size >= 20_000) allowed.clear();
    allowed.set(key, { at: now, video });
    return video;
  }

  return {
    ensureMayWatch,
    watchable,

    /** The player opened the video: the row exists from now on, and real time starts refilling its credit. */
    async opened(opts: { userId: number; video: VideoRow }): Promise<VideoProgress> {
      const now = ctx.now();
      const [row] = await db
        .insert(videoProgress)
        .values({ videoId: opts.video.id, userId: opts.userId, firstSeenAt: now, lastSeenAt: now, creditAt: now })
        .onConflictDoUpdate({ target: [videoProgress.videoId, videoProgress.userId], set: { lastSeenAt: now } })
        .returning();
      return toProgress(opts.video.id, row!, (await settings.get()).completionPercent);
    },

    async record(opts: { userId: number; videoId: number; positionSec: number; played: Interval[] }): Promise<VideoProgress> {
      const video = await watchableForReport(opts.userId, opts.videoId);
      if (video.status !== 'ready' || !video.durationSec) throw appError(VIDEO_ERRORS.not_ready, '아직 재생할 수 없는 영상입니다');
      const duration = video.durationSec;
      const { completionPercent, attendanceTypeId } = await settings.get();
      const mine = and(eq(videoProgress.videoId, video.id), eq(videoProgress.userId, opts.userId));
      // Read, merge, write over the revision that was read: two statements, no lock held. Two
      // tabs reporting at the same instant make one of them read again (rarely more than once).
      for (let attempt = 0; attempt < 5; attempt++) {
        const now = ctx.now();
        const [row] = await db.select().from(videoProgress).where(mine);
        if (!row) {
          // The player opens the video first; a report without an opening starts the row here.
          await db.insert(videoProgress).values({ videoId: video.id, userId: opts.userId, firstSeenAt: now, lastSeenAt: now, creditAt: now }).onConflictDoNothing();
          continue;
        }
        const elapsedSec = Math.max(0, (now.getTime() - row.creditAt.getTime()) / 1000);
        const budget = Math.min(CREDIT_CAP_SEC, row.creditSec + elapsedSec * MAX_PLAYBACK_RATE);
        const { intervals, gainedSec } = credit({ counted: row.intervals, played: opts.played, durationSec: duration, budgetSec: budget });
        const watchedSec = Math.min(duration, row.watchedSec + gainedSec);
        const percent = Math.min(100, (watchedSec / duration) * 100);
        const completesNow = row.completedAt === null && percent >= completionPercent;
        const write = () =>
          db
            .update(videoProgress)
            .set({
              intervals, watchedSec, percent, positionSec: Math.min(duration, opts.positionSec), lastSeenAt: now,
              creditSec: budget - gainedSec, creditAt: now, revision: row.revision + 1, ...(completesNow ? { completedAt: now } : {}),
            })
            .where(and(mine, eq(videoProgress.revision, row.revision)))
            .returning();
        // Completion and its attendance mark land together, or neither does.
        const [updated] = completesNow
          ? await db.transaction(async () => {
              const done = await write();
              if (done.length && attendanceTypeId !== null) {
                await lectures.attendanceMarks.markIfOpen({ weeklyLectureId: video.weeklyLectureId, userId: opts.userId, attTypeId: attendanceTypeId, actorId: opts.userId, reason: `영상 완료: ${video.title}` });
              }
              return done;
            })
          : await write();
        if (updated) return toProgress(video.id, updated, completionPercent);
      }
      throw appError(VIDEO_ERRORS.busy, '진행 기록이 동시에 너무 많이 들어왔습니다. 잠시 뒤에 다시 보내 주세요');
    },

    /** A student's own progress: every video they opened, or one video (which they must be allowed to watch). */
    async mine(opts: { userId: number; videoId?: number }): Promise<VideoProgress[]> {
      const { completionPercent } = await settings.get();
      if (opts.videoId !== undefined) {
        const video = await watchable(opts.userId, opts.videoId);
        const [row] = await db.select().from(videoProgress).where(and(eq(videoProgress.videoId, video.id), eq(videoProgress.userId, opts.userId)));
        return [toProgress(video.id, row ?? null, completionPercent)];
      }
      const rows = await db
        .select({ p: videoProgress })
        .from(videoProgress)
        .innerJoin(videos, and(eq(videos.id, videoProgress.videoId), isNull(videos.deletedAt)))
        .where(eq(videoProgress.userId, opts.userId));
      return rows.map(({ p }) => toProgress(p.videoId, p, completionPercent));
    },
  };
}
