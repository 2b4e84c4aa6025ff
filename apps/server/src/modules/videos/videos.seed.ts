import { kstToday } from '@academy/contracts/dates';
import { DEFAULT_COMPLETION_PERCENT, parseVideoLink } from '@academy/contracts/videos';
import type { DemoSeed } from '../../db/seed/seed.ts';
import type { VideosDeps } from './videos.deps.ts';
import { videoProgress, videos } from './videos.table.ts';

/** Two linked review videos (durations typed by the TA, as the add dialog asks). */
const DEMO_LINKS = [
  { title: '복습 영상 — 이차함수의 최대·최소', url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', durationSec: 25 * 60 },
  { title: '결석생 보강 영상 — 판별식', url: 'https://vimeo.com/76979871', durationSec: 18 * 60 },
] as const;

/**
 * The demo center's lecture videos: in 고2 수학 정규반's last two past sessions, a linked review
 * video each, watched by the students in varied amounts (some completed, some skimmed, some not
 * opened), so the staff table and the student page have something to show. Deterministic.
 */
export async function seedDemoVideos(deps: Pick<VideosDeps, 'ctx'> & { lectures: VideosDeps['lectures'] }, seed: DemoSeed): Promise<void> {
  const { ctx, lectures } = deps;
  const math = seed.lectures.get('고2 수학 정규반');
  if (!math) return;
  const today = kstToday(ctx.now());
  const past = math.sessions.filter((s) => s.date < today).slice(-2);
  const ta = seed.accounts.get('ta01') ?? null;
  for (const [i, session] of past.entries()) {
    const demo = DEMO_LINKS[i]!;
    const link = parseVideoLink(demo.url)!;
    const at = new Date(`${session.date}T12:00:00Z`);
    const [video] = await ctx.db
      .insert(videos)
      .values({
        lectureId: math.id, weeklyLectureId: session.id, title: demo.title, source: link.provider, status: 'ready',
        providerVideoId: link.videoId, providerHash: link.hash, linkUrl: link.url, durationSec: demo.durationSec, createdBy: ta, createdAt: at, updatedAt: at,
      })
      .returning();
    const participants = await lectures.participation.participantsOf(session.id);
    const rows = participants.flatMap((userId, n) => {
      const share = [1, 0.96, 0.55, 0.3, 0][(userId * 7 + n + i) % 5]!;
      if (share === 0) return [];
      const watched = Math.round(demo.durationSec * share);
      const seen = new Date(at.getTime() + (6 + ((userId * 13) % 40)) * 3_600_000);
      const percent = (watched / demo.durationSec) * 100;
      return [{
        videoId: video!.id, userId, intervals: [[0, watched]] as [number, number][], watchedSec: watched, positionSec: watched, percent,
        completedAt: percent >= DEFAULT_COMPLETION_PERCENT ? seen : null, firstSeenAt: seen, lastSeenAt: seen, creditSec: 0, creditAt: seen,
      }];
    });
    if (rows.length) await ctx.db.insert(videoProgress).values(rows);
  }
}
