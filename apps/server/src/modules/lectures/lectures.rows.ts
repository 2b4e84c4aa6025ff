import { ddayLabel } from '@academy/contracts/dates';
import { LECTURE_ERRORS, WEEKLY_LECTURE_ERRORS, type Dday, type Lecture, type WeeklyLecture } from '@academy/contracts/lectures';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appError } from '../../lib/errors.ts';
import { lectureDdays, lectures, weeklyLectures } from './lectures.table.ts';

/** Row loaders and reply mappers shared by the services of this module (not part of its public face). */

export type LectureRow = typeof lectures.$inferSelect;
export type WeeklyLectureRow = typeof weeklyLectures.$inferSelect;

export function mapLecture(row: LectureRow): Lecture {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    teacherName: row.teacherName,
    targetSchool: row.targetSchool,
    targetGrade: row.targetGrade,
    schedule: row.schedule,
    room: row.room,
    startDate: row.startDate,
    endDate: row.endDate,
    color: row.color,
    disabled: row.disabled,
    keepHolidays: row.keepHolidays,
    isPublic: row.isPublic,
  };
}

export function mapWeeklyLecture(row: Pick<WeeklyLectureRow, 'id' | 'lectureId' | 'seq' | 'title' | 'specialName' | 'date' | 'startTime' | 'endTime'>): WeeklyLecture {
  return {
    id: row.id,
    lectureId: row.lectureId,
    seq: row.seq,
    title: row.title,
    specialName: row.specialName,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
  };
}

export function mapDday(d: typeof lectureDdays.$inferSelect, today: string): Dday {
  return { id: d.id, lectureId: d.lectureId, title: d.title, date: d.date, seq: d.seq, label: ddayLabel({ today, date: d.date }) };
}

export async function getLectureRow(db: Db, id: number): Promise<LectureRow> {
  const [row] = await db.select().from(lectures).where(eq(lectures.id, id));
  if (!row) throw appError(LECTURE_ERRORS.not_found, `강좌를 찾을 수 없습니다 (ID ${id})`);
  return row;
}

/** Writes into a disabled lecture are refused: it keeps its data but takes no new sessions or marks. */
export async function getActiveLectureRow(db: Db, id: number): Promise<LectureRow> {
  const row = await getLectureRow(db, id);
  if (row.disabled) throw appError(LECTURE_ERRORS.disabled, `비활성화된 강좌입니다 (${row.name}). 강좌를 다시 활성화한 뒤 시도해 주세요`);
  return row;
}

/** The weekly lecture, checked to belong to the lecture in the path. */
export async function getWeeklyLectureRow(db: Db, opts: { lectureId: number; wlId: number }): Promise<WeeklyLectureRow> {
  const [row] = await db.select().from(weeklyLectures).where(and(eq(weeklyLectures.id, opts.wlId), eq(weeklyLectures.lectureId, opts.lectureId)));
  if (!row) throw appError(WEEKLY_LECTURE_ERRORS.not_found, `이 강좌의 회차를 찾을 수 없습니다 (회차 ID ${opts.wlId})`);
  return row;
}
