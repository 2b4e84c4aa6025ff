import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { GRADES, SCHOOLS, mobile, pick, rng } from '../../db/seed/korean.ts';
import { actualExamScores, studentConsults, studentMemos } from '../student-records/student-records.table.ts';
import { tags, userTags } from '../tags/tags.table.ts';
import { users } from '../users/users.table.ts';
import { searchColumns } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

export const DEMO_TAGS = [
  { name: '재원생', color: '#2e7d32' },
  { name: '신규', color: '#1565c0' },
  { name: '장학생', color: '#f9a825' },
  { name: '클리닉 필수', color: '#c62828' },
  { name: '퇴원 예정', color: '#6d4c41' },
] as const;

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
 * Student profiles for the demo students (schools, grades, parent phones), tags, and some memos,
 * consults and 모의고사 scores. Called from seedDemo; also the fixture of the browser tests.
 */
export async function seedDemoStudents(ctx: AppContext): Promise<void> {
  const r = rng(4_2026);
  const { db } = ctx;
  await db.transaction(async (tx) => {
    const students = await tx.select().from(users).where(eq(users.userType, 'STUDENT')).orderBy(users.id);
    const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.loginId, 'ta01'));
    const counselorId = staff?.id ?? null;
    if (students.length === 0) return;
    await tx.insert(studentProfiles).values(
      students.map((s) => {
        const grade = pick(r, GRADES);
        const middle = grade.startsWith('중');
        const schools = SCHOOLS.filter((n) => (middle ? n.endsWith('중') : n.endsWith('고')));
        const parentPhone = mobile(r);
        return {
          userId: s.id,
          parentPhone,
          school: grade === 'N수' ? null : pick(r, schools),
          grade,
          gender: r() < 0.5 ? ('M' as const) : ('F' as const),
          birthDate: `${2008 + Math.floor(r() * 5)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
          memo: '',
          ...searchColumns({ name: s.name, loginId: s.loginId, phone: s.phone, parentPhone }),
        };
      }),
    ).onConflictDoNothing();

    const tagRows = await tx.insert(tags).values(DEMO_TAGS.map((t, i) => ({ ...t, priority: i }))).onConflictDoNothing().returning({ id: tags.id, name: tags.name });
    const tagId = (name: string) => tagRows.find((t) => t.name === name)?.id;
    const pairs: { userId: number; tagId: number }[] = [];
    students.forEach((s, i) => {
      const add = (name: string) => {
        const id = tagId(name);
        if (id) pairs.push({ userId: s.id, tagId: id });
      };
      if (i < 36) add('재원생');
      if (i >= 32) add('신규');
      if (i % 9 === 0) add('장학생');
      if (i % 4 === 1) add('클리닉 필수');
      if (i >= 38) add('퇴원 예정');
    });
    if (pairs.length) await tx.insert(userTags).values(pairs).onConflictDoNothing();

    const now = ctx.now().getTime();
    const day = 24 * 60 * 60 * 1000;
    const memoRows = students.slice(0, 12).flatMap((s, i) =>
      [0, 1].map((k) => ({
        studentId: s.id,
        content: MEMOS[(i + k * 3) % MEMOS.length]!,
        isPinned: k === 0 && i % 3 === 0,
        pinnedAt: k === 0 && i % 3 === 0 ? new Date(now - i * day) : null,
        createdBy: counselorId,
        createdAt: new Date(now - (i + k * 5 + 1) * day),
        updatedAt: new Date(now - (i + k * 5 + 1) * day),
      })),
    );
    await tx.insert(studentMemos).values(memoRows);

    const consultRows = students.slice(0, 10).flatMap((s, i) =>
      [0, 1].map((k) => {
        const c = CONSULTS[(i + k) % CONSULTS.length]!;
        return { studentId: s.id, consultedAt: new Date(now - (k * 30 + i + 2) * day), counselorId, consultType: c.type, content: c.content, createdBy: counselorId };
      }),
    );
    await tx.insert(studentConsults).values(consultRows);

    const scoreRows = students.slice(0, 15).flatMap((s) => {
      let level = 2 + Math.floor(r() * 4);
      return MOCK_EXAMS.flatMap((exam) => {
        level = Math.min(9, Math.max(1, level + (r() < 0.45 ? -1 : r() < 0.8 ? 0 : 1)));
        return SUBJECTS.map((subject) => {
          const grade = Math.min(9, Math.max(1, level + (r() < 0.2 ? 1 : 0)));
          return {
            studentId: s.id,
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
    await tx.insert(actualExamScores).values(scoreRows);

    // The first lecture each demo student attends is shown beside the name.
    await tx.execute(sql`
      update student_profiles p set representative_lecture_ids = array[ls.lecture_id]
        from (select user_id, min(lecture_id) as lecture_id from lecture_students group by user_id) ls
       where ls.user_id = p.user_id`);
  });
}
