import { sessionLabel } from '@academy/contracts/lectures';
import { phoneTail } from '@academy/contracts/format';
import type { PortalPlay, PortalVideo } from '@academy/contracts/videos';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ProgressService } from './progress.service.ts';
import type { SettingsService } from './settings.service.ts';
import type { VideosDeps } from './videos.deps.ts';
import { playbackOf, posterUrlOf, toProgress, type VideoRow } from './videos.rows.ts';
import { videoProgress, videos } from './videos.table.ts';
import type { WatchTokens } from './watch-token.ts';

/**
 * The student's side: the videos of the sessions they take part in (ready ones only, with their
 * own progress), and what the player needs to play one — a signed stream URL or the provider's
 * id, where to resume, the ticket for reports sent while leaving, and the name for the overlay.
 */
export function createPortalService(deps: Pick<VideosDeps, 'ctx' | 'users' | 'lectures'> & { settings: SettingsService; progress: ProgressService; tokens: WatchTokens }) {
  const { ctx, users, lectures, settings, progress, tokens } = deps;
  const { db } = ctx;

  async function describe(rows: { v: VideoRow; p: typeof videoProgress.$inferSelect | null }[], completionPercent: number): Promise<PortalVideo[]> {
    const [sessions, names] = await Promise.all([lectures.sessions.describe(rows.map((r) => r.v.weeklyLectureId)), lectures.lectures.names(rows.map((r) => r.v.lectureId))]);
    return Promise.all(
      rows.map(async ({ v, p }) => {
        const s = sessions.get(v.weeklyLectureId);
        return {
          id: v.id, title: v.title, source: v.source, durationSec: v.durationSec, posterUrl: await posterUrlOf(ctx, v),
          lectureId: v.lectureId, lectureName: names.get(v.lectureId) ?? '', weeklyLectureId: v.weeklyLectureId,
          sessionTitle: s ? sessionLabel(s) : '', date: s?.date ?? '', progress: toProgress(v.id, p, completionPercent),
        };
      }),
    );
  }

  return {
    /** Newest session first; within a session, in the order staff added them. */
    async list(userId: number): Promise<PortalVideo[]> {
      const sessionIds = await lectures.participation.sessionsTakenBy(userId);
      if (sessionIds.length === 0) return [];
      const [rows, { completionPercent }] = await Promise.all([
        db
          .select({ v: videos, p: videoProgress })
          .from(videos)
          .leftJoin(videoProgress, and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, userId)))
          .where(and(inArray(videos.weeklyLectureId, sessionIds), isNull(videos.deletedAt), eq(videos.status, 'ready'))),
        settings.get(),
      ]);
      const list = await describe(rows, completionPercent);
      return list.sort((a, b) => b.date.localeCompare(a.date) || a.weeklyLectureId - b.weeklyLectureId || a.id - b.id);
    },

    async play(userId: number, videoId: number): Promise<PortalPlay> {
      const v = await progress.watchable(userId, videoId);
      const playback = await playbackOf(ctx, v);
      const [me, { completionPercent }] = await Promise.all([users.directory([userId]), settings.get()]);
      const opened = await progress.opened({ userId, video: v });
      const [video] = await describe([{ v, p: null }], completionPercent);
      const person = me.get(userId);
      return {
        video: { ...video!, progress: opened },
        playback,
        completionPercent,
        watchToken: await tokens.sign({ userId, videoId: v.id }),
        watermark: { name: person?.name ?? '', phoneTail: phoneTail(person?.phone) },
      };
    },
  };
}
