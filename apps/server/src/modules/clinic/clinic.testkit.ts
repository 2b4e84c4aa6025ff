import { clinicApi, type Slot, type SlotInput } from '@academy/contracts/clinic';
import { counselApi } from '@academy/contracts/counsel';
import { addDays, kstToday } from '@academy/contracts/dates';
import { scoresApi, wlExamApi } from '@academy/contracts/exams';
import type { TestApp } from '../../../test/harness.ts';
import { makeExam } from '../exams/exams.testkit.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import type { TestAccount } from '../users/users.testkit.ts';

/**
 * A slot made through the API. By default tomorrow 18:00–19:30 in a room of its own, with booking
 * open since an hour ago, so students can book it at once.
 */
export async function makeSlot(t: TestApp, opts: { token: string; kind?: 'clinic' | 'counsel' } & Partial<SlotInput>): Promise<Slot> {
  const { token, kind = 'clinic', ...over } = opts;
  const body: SlotInput = {
    date: addDays(kstToday(t.clock.now), 1),
    startTime: '18:00',
    endTime: '19:30',
    capacity: 20,
    room: `room-${Math.random().toString(36).slice(2, 8)}`,
    opensAt: new Date(t.clock.now.getTime() - 3_600_000).toISOString(),
    ...over,
  };
  return t.api(kind === 'clinic' ? clinicApi.createSlot : counselApi.createSlot, { token, body });
}

/**
 * Students with a released weekly test whose scores put the first ones under the cutline (60):
 * `scores[i]` is student i's 1차 score. Returns the lecture and the exam.
 */
export async function makeClinicTargets(t: TestApp, opts: { adminToken: string; taToken: string; students: TestAccount[]; scores: number[] }): Promise<{ lectureId: number; examId: number }> {
  const today = kstToday(t.clock.now);
  const lecture = await makeLecture(t, { adminToken: opts.adminToken, name: `클리닉 ${Math.random().toString(36).slice(2, 6)}`, students: opts.students.map((s) => s.id), startDate: today, endDate: addDays(today, 27) });
  const exam = await makeExam(t, { token: opts.taToken, lectureId: lecture.id, weeklyLectureId: lecture.sessions[0]!.id, title: '주간 테스트', questions: [], maxScore: 100, cutline: 60 });
  const items = opts.students.map((s, i) => ({ examId: exam.id, userId: s.id, scoreValue: opts.scores[i] ?? 100 }));
  await t.api(scoresApi.batch, { token: opts.taToken, body: { items } });
  await t.api(wlExamApi.readyToShow, { token: opts.taToken, params: { examId: exam.id }, body: { readyToShow: true } });
  return { lectureId: lecture.id, examId: exam.id };
}
