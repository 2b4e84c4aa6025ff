import { sessionLabel } from '@academy/contracts/lectures';
import { formatKoreanDateTime } from '@academy/contracts/dates';
import { compareKorean } from '@academy/contracts/format';
import { formatDuration, type ProgressCell, type StudentVideoRow, type VideoInfo } from '@academy/contracts/videos';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { writeSheet } from '../../lib/xlsx.ts';
import type { SettingsService } from './settings.service.ts';
import type { VideosDeps } from './videos.deps.ts';
import { isCompleted } from './videos.rows.ts';
import { videoProgress, videos } from './videos.table.ts';

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Who watched how much: the table of a weekly lecture (its participants, plus anyone of the
 * lecture who watched without being one, × its videos), its Excel copy, and one student's videos
 * across their lectures. A fixed number of queries whatever the size of the class.
 */
export function createReportService(deps: Pick<VideosDeps, 'ctx' | 'users' | 'lectures'> & { settings: SettingsService }) {
  const { ctx, users, lectures, settings } = deps;
  const { db } = ctx;

  async function info(opts: { lectureId: number; weeklyLectureId: number }): Promise<VideoInfo> {
    const session = await lectures.sessions.require({ weeklyLectureId: opts.weeklyLectureId, lectureId: opts.lectureId });
    const [list, participants, { completionPercent }] = await Promise.all([
      db
        .select({ id: videos.id, title: videos.title, source: videos.source, status: videos.status, durationSec: videos.durationSec })
        .from(videos)
        .where(and(eq(videos.weeklyLectureId, session.id), isNull(videos.deletedAt)))
        .orderBy(asc(videos.createdAt), asc(videos.id)),
      lectures.participation.participantsOf(session.id),
      settings.get(),
    ]);
    const ids = list.map((v) => v.id);
    const rows = ids.length
      ? await db
          .select({
            videoId: videoProgress.videoId, userId: videoProgress.userId, percent: videoProgress.percent, watchedSec: videoProgress.watchedSec,
            positionSec: videoProgress.positionSec, completedAt: videoProgress.completedAt, lastSeenAt: videoProgress.lastSeenAt,
          })
          .from(videoProgress)
          .where(inArray(videoProgress.videoId, ids))
      : [];
    const isParticipant = new Set(participants);
    const userIds = [...new Set([...participants, ...rows.map((r) => r.userId)])];
    const people = await users.directory(userIds);
    const column = new Map(ids.map((id, i) => [id, i]));
    const cells = new Map<number, ProgressCell[]>(userIds.map((id) => [id, ids.map(() => null)]));
    const completedCount = ids.map(() => 0);
    for (const r of rows) {
      const i = column.get(r.videoId)!;
      const completed = isCompleted(r, completionPercent);
      if (completed) completedCount[i]!++;
      cells.get(r.userId)![i] = { percent: round1(r.percent), watchedSec: round1(r.watchedSec), positionSec: round1(r.positionSec), completed, lastSeenAt: r.lastSeenAt.toISOString() };
    }
    const students = userIds
      .map((userId) => ({ userId, name: people.get(userId)?.name ?? '(삭제된 학생)', loginId: people.get(userId)?.loginId ?? '', participant: isParticipant.has(userId), cells: cells.get(userId)! }))
      .sort((a, b) => compareKorean(a.name, b.name) || a.userId - b.userId);
    return { completionPercent, videos: list.map((v, i) => ({ ...v, completedCount: completedCount[i]! })), students };
  }

  return {
    info,

    /** The table as an .xlsx: per video its percent, watched time, last seen and completion. */
    async download(opts: { lectureId: number; weeklyLectureId: number }) {
      const [table, session, names] = await Promise.all([
        info(opts),
        lectures.sessions.require({ weeklyLectureId: opts.weeklyLectureId, lectureId: opts.lectureId }),
        lectures.lectures.names([opts.lectureId]),
      ]);
      type Student = VideoInfo['students'][number];
      const body = await writeSheet<Student>({
        name: '영상 시청',
        rows: table.students,
        frozenColumns: 2,
        columns: [
          { header: '아이디', width: 14, value: (s) => s.loginId },
          { header: '이름', width: 10, value: (s) => (s.participant ? s.name : `${s.name} (회차 외)`) },
          ...table.videos.flatMap((v, i) => [
            { header: `${v.title} 진도율(%)`, width: 14, value: (s: Student) => s.cells[i]?.percent ?? 0 },
            { header: `${v.title} 본 시간`, width: 12, value: (s: Student) => formatDuration(s.cells[i]?.watchedSec ?? 0) },
            { header: `${v.title} 마지막 시청`, width: 22, value: (s: Student) => (s.cells[i]?.lastSeenAt ? formatKoreanDateTime(s.cells[i]!.lastSeenAt!) : '') },
            { header: `${v.title} 완료`, width: 8, value: (s: Student) => (s.cells[i]?.completed ? 'O' : '') },
          ]),
        ],
        footer: [['', '완료 인원', ...table.videos.flatMap((v) => [`${v.completedCount}명`, '', '', ''])]],
      });
      const lectureName = names.get(opts.lectureId) ?? '강좌';
      return { body, fileName: `${lectureName}_${sessionLabel(session)}_영상시청.xlsx` };
    },

    /** One student's videos, in every session they take part in, newest session first. */
    async ofStudent(studentId: number): Promise<StudentVideoRow[]> {
      const sessionIds = await lectures.participation.sessionsTakenBy(studentId);
      if (sessionIds.length === 0) return [];
      const [list, { completionPercent }] = await Promise.all([
        db
          .select({ v: videos, p: videoProgress })
          .from(videos)
          .leftJoin(videoProgress, and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, studentId)))
          .where(and(inArray(videos.weeklyLectureId, sessionIds), isNull(videos.deletedAt))),
        settings.get(),
      ]);
      const [sessions, lectureNames] = await Promise.all([
        lectures.sessions.describe(list.map((r) => r.v.weeklyLectureId)),
        lectures.lectures.names(list.map((r) => r.v.lectureId)),
      ]);
      return list
        .map(({ v, p }) => {
          const s = sessions.get(v.weeklyLectureId);
          return {
            videoId: v.id, title: v.title, source: v.source, lectureId: v.lectureId, lectureName: lectureNames.get(v.lectureId) ?? '',
            weeklyLectureId: v.weeklyLectureId, sessionTitle: s ? sessionLabel(s) : '', date: s?.date ?? '', durationSec: v.durationSec,
            percent: round1(p?.percent ?? 0), watchedSec: round1(p?.watchedSec ?? 0), completed: p ? isCompleted(p, completionPercent) : false,
            lastSeenAt: p?.lastSeenAt.toISOString() ?? null,
          };
        })
        .sort((a, b) => b.date.localeCompare(a.date) || compareKorean(a.lectureName, b.lectureName) || a.videoId - b.videoId);
    },
  };
}
