import { DEFAULT_COMPLETION_PERCENT, ONLINE_ATTENDANCE_TYPE_NAME, VIDEO_ERRORS, type VideoSettings } from '@academy/contracts/videos';
import { eq } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { VideosDeps } from './videos.deps.ts';
import { videoSettings } from './videos.table.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * Every progress report reads the settings; they change a few times a year. Kept this long in
 * memory, so another instance applies a change within this time (the saving one at once).
 */
const CACHE_MS = 10_000;

/**
 * The center's video settings (one row). Until an admin saves them, a video counts as completed
 * at 90% and completion marks the session 온라인(영상 수강) when that attendance type exists.
 */
export function createSettingsService({ ctx, lectures }: Pick<VideosDeps, 'ctx' | 'lectures'>) {
  const { db } = ctx;
  let cached: { at: number; value: VideoSettings } | null = null;

  async function read(): Promise<VideoSettings> {
    const [row] = await db.select().from(videoSettings).where(eq(videoSettings.id, 1));
    if (row) return { completionPercent: row.completionPercent, attendanceTypeId: row.attendanceTypeId };
    return { completionPercent: DEFAULT_COMPLETION_PERCENT, attendanceTypeId: await lectures.attendanceMarks.typeIdNamed(ONLINE_ATTENDANCE_TYPE_NAME) };
  }

  async function get(): Promise<VideoSettings> {
    const now = ctx.now().getTime();
    if (cached && now - cached.at >= 0 && now - cached.at < CACHE_MS) return cached.value;
    const value = await read();
    cached = { at: now, value };
    return value;
  }

  return {
    get,
    async save(opts: { input: VideoSettings; actorId: number }): Promise<VideoSettings> {
      const typeId = opts.input.attendanceTypeId;
      if (typeId !== null && !(await lectures.attendanceMarks.typeExists(typeId))) {
        throw appError(VIDEO_ERRORS.attendance_type_unknown, `존재하지 않는 출결 유형입니다 (ID ${typeId})`, { field: 'attendanceTypeId' });
      }
      cached = null;
      const saved = await db.transaction(async () => {
        const before = await read();
        const values = { completionPercent: opts.input.completionPercent, attendanceTypeId: opts.input.attendanceTypeId, updatedBy: opts.actorId, updatedAt: ctx.now() };
        await db.insert(videoSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: videoSettings.id, set: values });
        await ctx.audit.record({ actorId: opts.actorId, action: 'video.settings', entity: 'video_settings', entityId: 1, before, after: opts.input });
        return read();
      });
      cached = null;
      return saved;
    },
  };
}
