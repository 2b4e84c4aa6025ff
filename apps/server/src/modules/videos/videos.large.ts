import { count, like, sql } from 'drizzle-orm';
import type { LargeSeedStep } from '../../db/seed/seed.ts';
import type { VideosDeps } from './videos.deps.ts';
import { videoProgress, videos } from './videos.table.ts';

/** Lecture videos of the generated center: the ten 300-student lectures get ten videos in their latest past session. */
export const LARGE_VIDEOS = { perSession: 10 } as const;

/**
 * The videos step of `seed:large`: in the latest past session of each 300-student lecture, ten
 * linked videos of 20–60 minutes, and what each participant watched of them (generated in SQL
 * from a fixed hash: a fifth never opened a video, the rest watched 5–100%, 90% and over
 * completed) — the staff table's worst case the benchmarks read.
 */
export function largeVideosStep(deps: Pick<VideosDeps, 'lectures'>): LargeSeedStep {
  return {
    name: `videos: ${LARGE_VIDEOS.perSession} videos × 300 students in each big lecture`,
    run: async ({ db }) => {
      const [done] = await db.select({ n: count() }).from(videos).where(like(videos.title, '벤치 %'));
      if ((done?.n ?? 0) > 0) return;
      const all = (await deps.lectures.lectures.all()).filter((l) => l.name.startsWith('벤치 ') && !l.disabled);
      for (const l of all) {
        const [latest] = (await deps.lectures.sessions.ofLecture({ lectureId: l.id, from: '2000-01-01', to: '2026-11-20' })).reverse();
        if (!latest || (await deps.lectures.participation.participantsOf(latest.id)).length < 300) continue;
        const made = await db
          .insert(videos)
          .values(Array.from({ length: LARGE_VIDEOS.perSession }, (_, i) => ({
            lectureId: l.id, weeklyLectureId: latest.id, title: `벤치 ${latest.title} 복습 영상 ${i + 1}`, source: 'youtube' as const, status: 'ready' as const,
            providerVideoId: `bench${String(l.id).padStart(3, '0')}${String(i).padStart(3, '0')}`.slice(0, 11), linkUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            durationSec: 1200 + ((l.id * 7 + i * 13) % 41) * 60,
          })))
          .returning({ id: videos.id, durationSec: videos.durationSec });
        const p = videoProgress;
        await db.execute(sql`
          insert into ${p} (video_id, user_id, intervals, watched_sec, position_sec, percent, completed_at, first_seen_at, last_seen_at, credit_sec, credit_at)
          select v.id, w.user_id, jsonb_build_array(jsonb_build_array(0, x.watched)), x.watched, x.watched, x.watched / v.d * 100,
                 case when x.watched / v.d >= 0.9 then now() - interval '1 day' end, now() - interval '3 days', now() - (x.h % 72) * interval '1 hour', 0, now()
          from unnest(${sql.param(made.map((m) => m.id))}::int[], ${sql.param(made.map((m) => m.durationSec))}::float8[]) as v(id, d)
          join weekly_lecture_participants w on w.weekly_lecture_id = ${latest.id}
          cross join lateral (select abs(hashtext(v.id || ':' || w.user_id)) % 1000 as h) hh
          cross join lateral (select hh.h as h, round((v.d * (0.05 + (hh.h % 96) / 100.0))::numeric, 1)::float8 as watched) x
          where x.h >= 200`);
      }
      await db.execute(sql`analyze ${videoProgress}`);
    },
  };
}
