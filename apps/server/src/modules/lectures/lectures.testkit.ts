import { addDays, kstToday } from '@academy/contracts/dates';
import { type LectureInput, lecturesApi, weeklyLecturesApi, type WeeklyLectureSummary } from '@academy/contracts/lectures';
import type { TestApp } from '../../../test/harness.ts';

/** A lecture body for tests: one session a week on Tuesday, three weeks back to four weeks ahead. */
export function lectureInput(t: TestApp, over: Partial<LectureInput> = {}): LectureInput {
  const today = kstToday(t.clock.now);
  return {
    name: '고1 수학 테스트반',
    subject: '수학',
    teacherName: '홍길동',
    targetGrade: '고1',
    room: '101호',
    schedule: [{ dayOfWeek: 2, startTime: '19:00', endTime: '21:00' }],
    startDate: addDays(today, -21),
    endDate: addDays(today, 27),
    ...over,
  };
}

/**
 * Makes a lecture through the API as the given admin, enrols the given students (participants of
 * the sessions from today on) and returns it with its sessions.
 */
export async function makeLecture(
  t: TestApp,
  opts: { adminToken: string; students?: number[] } & Partial<LectureInput>,
): Promise<{ id: number; sessions: WeeklyLectureSummary[] }> {
  const { adminToken, students, ...over } = opts;
  const { id } = await t.api(lecturesApi.create, { token: adminToken, body: lectureInput(t, over) });
  if (students?.length) await t.api(lecturesApi.enrol, { token: adminToken, params: { id }, body: { userIds: students } });
  const sessions = await t.api(weeklyLecturesApi.list, { token: adminToken, params: { id } });
  return { id, sessions };
}
