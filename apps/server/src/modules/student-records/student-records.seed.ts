import type { DemoSeed } from '../../db/seed/seed.ts';
import type { StudentRecordsDeps } from './student-records.deps.ts';
import { actualExamScores, studentConsults, studentMemos } from './student-records.table.ts';

const MEMOS = [
  '어머님 요청: 수학 진도 상황 주 1회 문자로 공유',
  '숙제 제출이 자주 늦음. 다음 주부터 클리닉 시간에 확인',
  '11월 모의고사 이후 자신감 많이 올라옴',
  '월·수 셔틀 이용, 하원 시간 18:40',
  '형제 할인 적용 (동생 중2반 재원)',
  '오답노트 정리 습관 좋음. 심화반 추천 고려',
];
const CONSULTS = [
  { type: '학습', content: '미적분 단원 개념 이해 부족. 주 2회 클리닉 배정하고 개념 영상 복습 과제 부여.' },
  { type: '성적', content: '9월 모의고사 수학 3등급. 목표 2등급, 킬러 문항보다 준킬러 정확도 먼저 잡기로 함.' },
  { type: '진로', content: '이공계 희망 (컴퓨터공학). 수시 학생부 종합 준비 방향 안내.' },
  { type: '기타', content: '학부모 상담: 통학 시간 문제로 토요일 반으로 이동 희망. 다음 달부터 반 이동 검토.' },
] as const;
const SUBJECTS = ['국어', '수학', '영어'] as const;
const MOCK_EXAMS = [
  { name: '3월 전국연합학력평가', date: '2026-03-26' },
  { name: '6월 모의평가', date: '2026-06-04' },
  { name: '9월 모의평가', date: '2026-09-03' },
  { name: '10월 전국연합학력평가', date: '2026-10-15' },
] as const;

/**
 * Memos, consults (by ta01) and 모의고사 scores of the first demo students. The scores draw from
 * the random stream the student profiles started (`students.demoRandom`), as they did when both
 * were seeded together, so the demo stays the same.
 */
export async function seedDemoRecords({ ctx, users, students }: StudentRecordsDeps, seed: DemoSeed): Promise<void> {
  const { db } = ctx;
  const ids = (await users.idsOf('STUDENT')).sort((a, b) => a - b);
  if (ids.length === 0) return;
  const r = students.demoRandom(seed);
  const counselorId = seed.accounts.get('ta01') ?? null;
  const now = ctx.now().getTime();
  const day = 24 * 60 * 60 * 1000;
  await db.transaction(async () => {
    await db.insert(studentMemos).values(
      ids.slice(0, 12).flatMap((studentId, i) =>
        [0, 1].map((k) => ({
          studentId,
          content: MEMOS[(i + k * 3) % MEMOS.length]!,
          isPinned: k === 0 && i % 3 === 0,
          pinnedAt: k === 0 && i % 3 === 0 ? new Date(now - i * day) : null,
          createdBy: counselorId,
          createdAt: new Date(now - (i + k * 5 + 1) * day),
          updatedAt: new Date(now - (i + k * 5 + 1) * day),
        })),
      ),
    );
    await db.insert(studentConsults).values(
      ids.slice(0, 10).flatMap((studentId, i) =>
        [0, 1].map((k) => {
          const c = CONSULTS[(i + k) % CONSULTS.length]!;
          return { studentId, consultedAt: new Date(now - (k * 30 + i + 2) * day), counselorId, consultType: c.type, content: c.content, createdBy: counselorId };
        }),
      ),
    );
    const scoreRows = ids.slice(0, 15).flatMap((studentId) => {
      let level = 2 + Math.floor(r() * 4);
      return MOCK_EXAMS.flatMap((exam) => {
        level = Math.min(9, Math.max(1, level + (r() < 0.45 ? -1 : r() < 0.8 ? 0 : 1)));
        return SUBJECTS.map((subject) => {
          const grade = Math.min(9, Math.max(1, level + (r() < 0.2 ? 1 : 0)));
          return {
            studentId,
            examType: '모의고사' as const,
            examName: exam.name,
            examDate: exam.date,
            subject,
            rawScore: Math.max(20, 100 - grade * 8 - Math.floor(r() * 6)),
            grade,
            percentile: Math.max(1, 100 - grade * 10 - Math.floor(r() * 5)),
            createdBy: counselorId,
          };
        });
      });
    });
    await db.insert(actualExamScores).values(scoreRows);
  });
}
