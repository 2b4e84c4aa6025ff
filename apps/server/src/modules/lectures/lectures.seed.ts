import { kstToday } from '@academy/contracts/dates';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DemoSeed } from '../../db/seed/seed.ts';
import type { LecturesDeps } from './lectures.deps.ts';
import type { createLectureService } from './lectures.service.ts';
import { attendanceTypes, lectureDdays, weeklyLectureAnnouncements, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';
import type { RosterService } from './roster.service.ts';

type DemoLecture = {
  name: string; subject: string; teacherName: string; targetSchool: string | null; targetGrade: string; room: string; color: string;
  schedule: { dayOfWeek: number; startTime: string; endTime: string }[]; startDate: string; endDate: string;
  /** Demo students (1-based numbers of student01..student40) on the roster. */
  students: number[];
  ddays: { title: string; date: string }[];
  disabled?: boolean;
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The center's 2학기 timetable around 2026-11-21; student01 takes three lectures. Every roster
 * holds students of the lecture's grade only (student01–24 고2, 25–28 중3, 29–32 중2, 33–36 고1,
 * 37–40 고3), and the student profiles take their grade and school from their lectures
 * (`demoGradeOf`), so the demo center agrees with itself.
 */
export const DEMO_LECTURES: DemoLecture[] = [
  {
    name: '고2 수학 정규반', subject: '수학', teacherName: '정재훈', targetSchool: null, targetGrade: '고2', room: '301호', color: '#2e7d32',
    schedule: [{ dayOfWeek: 1, startTime: '19:00', endTime: '22:00' }, { dayOfWeek: 3, startTime: '19:00', endTime: '22:00' }, { dayOfWeek: 5, startTime: '19:00', endTime: '22:00' }],
    startDate: '2026-09-07', endDate: '2027-02-26', students: [1, ...range(2, 16)],
    ddays: [{ title: '2학기 기말고사', date: '2026-12-09' }, { title: '3월 전국연합 학력평가', date: '2027-03-24' }, { title: '2027 수능', date: '2027-11-18' }],
  },
  {
    name: '예비고3 국어 파이널 심화', subject: '국어', teacherName: '한서윤', targetSchool: null, targetGrade: '고2', room: '202호', color: '#1565c0',
    schedule: [{ dayOfWeek: 2, startTime: '18:00', endTime: '21:00' }, { dayOfWeek: 4, startTime: '18:00', endTime: '21:00' }],
    startDate: '2026-11-02', endDate: '2027-02-25', students: range(10, 24),
    ddays: [{ title: '2027 수능', date: '2027-11-18' }, { title: '겨울방학 모의고사', date: '2027-01-16' }],
  },
  {
    name: '중3 영어 내신반', subject: '영어', teacherName: '김도현', targetSchool: '상계중', targetGrade: '중3', room: '203호', color: '#ef6c00',
    schedule: [{ dayOfWeek: 2, startTime: '17:00', endTime: '19:00' }, { dayOfWeek: 4, startTime: '17:00', endTime: '19:00' }],
    startDate: '2026-09-01', endDate: '2026-12-18', students: range(25, 28),
    ddays: [{ title: '상계중 2학기 기말고사', date: '2026-12-08' }],
  },
  {
    name: '고1 수학 심화반', subject: '수학', teacherName: '오승민', targetSchool: null, targetGrade: '고1', room: '301호', color: '#6a1b9a',
    schedule: [{ dayOfWeek: 6, startTime: '10:00', endTime: '13:00' }],
    startDate: '2026-09-05', endDate: '2027-02-27', students: range(33, 36),
    ddays: [{ title: '2학기 기말고사', date: '2026-12-10' }],
  },
  {
    name: '고2 영어 독해 정규반', subject: '영어', teacherName: '이지현', targetSchool: null, targetGrade: '고2', room: '205호', color: '#00838f',
    schedule: [{ dayOfWeek: 1, startTime: '17:00', endTime: '18:50' }, { dayOfWeek: 3, startTime: '17:00', endTime: '18:50' }],
    startDate: '2026-09-07', endDate: '2027-02-24', students: [1, ...range(5, 14)],
    ddays: [{ title: '2학기 기말고사', date: '2026-12-09' }, { title: '2027 수능', date: '2027-11-18' }],
  },
  {
    name: '중2 수학 정규반', subject: '수학', teacherName: '박준영', targetSchool: '중계중', targetGrade: '중2', room: '302호', color: '#c62828',
    schedule: [{ dayOfWeek: 1, startTime: '16:00', endTime: '18:00' }, { dayOfWeek: 3, startTime: '16:00', endTime: '18:00' }, { dayOfWeek: 5, startTime: '16:00', endTime: '18:00' }],
    startDate: '2026-09-02', endDate: '2027-02-26', students: range(29, 32),
    ddays: [{ title: '중계중 기말고사', date: '2026-12-07' }],
  },
  {
    name: '고2 화학Ⅰ 개념완성', subject: '과학', teacherName: '문하늘', targetSchool: null, targetGrade: '고2', room: '401호', color: '#827717',
    schedule: [{ dayOfWeek: 6, startTime: '14:00', endTime: '17:00' }],
    startDate: '2026-09-05', endDate: '2027-02-27', students: [1, 3, 4, 8, 15, 17, 19, 21],
    ddays: [{ title: '2학기 기말고사', date: '2026-12-09' }, { title: '2027 수능', date: '2027-11-18' }],
  },
  {
    name: '고3 수학 수능 파이널', subject: '수학', teacherName: '정재훈', targetSchool: null, targetGrade: '고3', room: '301호', color: '#455a64',
    schedule: [{ dayOfWeek: 2, startTime: '19:00', endTime: '22:00' }, { dayOfWeek: 6, startTime: '19:00', endTime: '22:00' }],
    startDate: '2026-09-01', endDate: '2026-11-17', students: range(37, 40),
    ddays: [{ title: '2027학년도 수능', date: '2026-11-19' }],
    disabled: true,
  },
];

/** Grade and school of demo student number n (1-based), as their lectures expect (see DEMO_LECTURES). */
export function demoGradeOf(n: number): { grade: '고2' | '중3' | '중2' | '고1' | '고3'; school: string | null } {
  if (n <= 24) return { grade: '고2', school: ['상계고', '노원고', '재현고', '청원고'][n % 4]! };
  if (n <= 28) return { grade: '중3', school: '상계중' };
  if (n <= 32) return { grade: '중2', school: '중계중' };
  if (n <= 36) return { grade: '고1', school: ['상계고', '노원고'][n % 2]! };
  return { grade: '고3', school: ['재현고', '청원고'][n % 2]! };
}

const ANNOUNCEMENTS = [
  { title: '이번 주 과제', content: '교재 p.120~135 유형 문제 전부 풀어 오기. 틀린 문제는 오답노트에 정리해서 제출합니다.' },
  { title: '단원평가 안내', content: '다음 수업 시작 30분 동안 단원평가를 봅니다. 80점 미만은 클리닉 대상입니다.' },
  { title: '보강 안내', content: '이번 주 일요일 오후 2시 보강이 있습니다. 결석했던 학생은 꼭 참석해 주세요.' },
];

/**
 * Demo lectures for the demo seed: the timetable, enrolments from the start of each lecture, past
 * attendance (mostly 출석, some 지각/결석…), locks on sessions older than two weeks, D-days and
 * announcements. Deterministic, so the browser tests can rely on it.
 */
export async function seedDemoLectures(
  deps: Pick<LecturesDeps, 'ctx'> & { lectures: ReturnType<typeof createLectureService>; roster: RosterService },
  seed: DemoSeed,
): Promise<void> {
  const { ctx, lectures, roster } = deps;
  const { db } = ctx;
  const actorId = seed.accounts.get('admin') ?? 0;
  const today = kstToday(ctx.now());

  for (const demo of DEMO_LECTURES) {
    const { students: numbers, ddays, disabled, ...input } = demo;
    // The demo center advertises the courses it runs (공개), as it did before the switch existed.
    const lecture = await lectures.create({ input: { ...input, isPublic: true }, actorId });
    const ids = numbers.map((n) => seed.accounts.get(`student${String(n).padStart(2, '0')}`)).filter((id): id is number => id !== undefined);
    const sessions = await db.transaction(async () => {
      await roster.join({ lectureId: lecture.id, userIds: ids, fromDate: input.startDate, at: new Date(`${input.startDate}T00:00:00+09:00`) });
      await db.insert(lectureDdays).values(ddays.map((d, i) => ({ lectureId: lecture.id, title: d.title, date: d.date, seq: i + 1 })));
      const sessions = await db
        .select({ id: weeklyLectures.id, date: weeklyLectures.date })
        .from(weeklyLectures)
        .where(eq(weeklyLectures.lectureId, lecture.id))
        .orderBy(asc(weeklyLectures.date));
      const recent = sessions.filter((s) => s.date < today).slice(-2);
      const next = sessions.find((s) => s.date >= today);
      const targets = [...recent, ...(next ? [next] : [])];
      if (targets.length) {
        await db.insert(weeklyLectureAnnouncements).values(
          targets.map((s, i) => ({ weeklyLectureId: s.id, ...ANNOUNCEMENTS[i % ANNOUNCEMENTS.length]!, createdBy: actorId })),
        );
      }
      return sessions;
    });
    seed.lectures.set(demo.name, { id: lecture.id, sessions });
    if (disabled) await lectures.setDisabled({ id: lecture.id, disabled: true, actorId });
  }

  const types = await db.select().from(attendanceTypes).where(inArray(attendanceTypes.name, ['출석', '지각', '조퇴', '결석', '온라인(영상 수강)']));
  const t = (name: string) => types.find((x) => x.name === name)?.id ?? null;
  const p = weeklyLectureParticipants;
  const w = weeklyLectures;
  // A fixed hash of the participant keeps the demo identical run after run.
  const h = sql`(${p.userId} * 7919 + ${p.weeklyLectureId} * 104729) % 100`;
  await db.execute(sql`
    update ${p}
    set ${sql.identifier(p.attTypeId.name)} = case when ${h} < 84 then ${t('출석')}::int when ${h} < 91 then ${t('지각')}::int
                          when ${h} < 93 then ${t('조퇴')}::int when ${h} < 97 then ${t('결석')}::int else ${t('온라인(영상 수강)')}::int end,
        ${sql.identifier(p.attLocked.name)} = ${w.date} < (${today}::date - 14),
        ${sql.identifier(p.attUpdatedAt.name)} = ${w.date} + time '22:00',
        ${sql.identifier(p.attUpdatedBy.name)} = ${actorId}::int
    from ${w}
    where ${w.id} = ${p.weeklyLectureId} and ${w.date} < ${today}::date`);
}
