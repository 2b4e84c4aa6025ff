import { VIDEO_ERRORS, type Playback, type VideoProgress } from '@academy/contracts/videos';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { appError } from '../../lib/errors.ts';
import { videoProgress, videos } from './videos.table.ts';

export type VideoRow = typeof videos.$inferSelect;
export type ProgressRow = typeof videoProgress.$inferSelect;

/** The live video (not deleted), or 404. */
export async function requireVideo(ctx: AppContext, id: number): Promise<VideoRow> {
  const [row] = await ctx.db.select().from(videos).where(and(eq(videos.id, id), isNull(videos.deletedAt)));
  if (!row) throw appError(VIDEO_ERRORS.not_found, '영상을 찾을 수 없습니다');
  return row;
}

/** Storage keys of an upload's processed objects (the original stays in the files module). */
export const streamKeyOf = (videoId: number) => `videos/${videoId}/stream.mp4`;
export const posterKeyOf = (videoId: number) => `videos/${videoId}/poster.jpg`;

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * A student's progress as every screen shows it. The state comes from the same percent the reply
 * carries: a video with any part watched is never "아직 안 봄", whatever its resume position.
 */
export function toProgress(videoId: number, row: Pick<ProgressRow, 'positionSec' | 'watchedSec' | 'percent' | 'completedAt' | 'lastSeenAt'> | null, completionPercent: number): VideoProgress {
  if (!row) return { videoId, positionSec: 0, watchedSec: 0, percent: 0, completed: false, state: 'not_started', completedAt: null, lastSeenAt: null };
  const percent = round1(row.percent);
  const completed = isCompleted(row, completionPercent);
  return {
    videoId,
    positionSec: round1(row.positionSec),
    watchedSec: round1(row.watchedSec),
    percent,
    completed,
    state: completed ? 'completed' : percent > 0 ? 'watching' : 'not_started',
    completedAt: row.completedAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt.toISOString(),
  };
}

/** Completed once it reached the bar (kept if the bar rises later), or above today's bar. */
export const isCompleted = (row: { completedAt: Date | null; percent: number }, completionPercent: number) => row.completedAt !== null || row.percent >= completionPercent;

/**
 * A stream URL lives as long as someone could need it for one sitting: twice the video at the
 * slowest speed plus half an hour (at least an hour). A player whose URL expired asks again.
 */
export const streamTtlSec = (durationSec: number | null) => Math.max(3600, Math.ceil((durationSec ?? 0) * 2) + 1800);

/** Where a video plays from: signed URLs of the processed copy, or the provider's ids. */
export async function playbackOf(ctx: AppContext, row: VideoRow): Promise<Playback> {
  if (row.source === 'youtube') return { kind: 'youtube', videoId: row.providerVideoId!, url: row.linkUrl! };
  if (row.source === 'vimeo') return { kind: 'vimeo', videoId: row.providerVideoId!, hash: row.providerHash, url: row.linkUrl! };
  if (row.status !== 'ready' || !row.streamKey) throw appError(VIDEO_ERRORS.not_ready, row.status === 'failed' ? '영상 처리에 실패해 재생할 수 없습니다' : '영상을 아직 처리하고 있습니다. 잠시 뒤에 다시 열어 주세요');
  const ttl = streamTtlSec(row.durationSec);
  const [url, posterUrl] = await Promise.all([
    ctx.storage.presignGet({ key: row.streamKey, expiresInSec: ttl, fileName: `${row.title}.mp4`, contentType: 'video/mp4', inline: true }),
    posterUrlOf(ctx, row),
  ]);
  return { kind: 'file', url, posterUrl, expiresAt: new Date(ctx.now().getTime() + ttl * 1000).toISOString() };
}

export async function posterUrlOf(ctx: AppContext, row: Pick<VideoRow, 'posterKey' | 'title' | 'durationSec'>): Promise<string | null> {
  if (!row.posterKey) return null;
  return ctx.storage.presignGet({ key: row.posterKey, expiresInSec: streamTtlSec(row.durationSec), fileName: `${row.title}.jpg`, contentType: 'image/jpeg', inline: true });
}
