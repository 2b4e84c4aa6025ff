import type { AppContext } from '../../context.ts';
import type { DemoSeed } from '../../db/seed/seed.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { boardAnswers, boardPosts } from './board.table.ts';
import { recountBoard } from './counters.ts';

/** The demo board's visitor password (the browser tests and a demo user can open the 비밀글 with it). */
export const DEMO_BOARD_PASSWORD = 'demo1234';

const DAY = 86_400_000;

/**
 * The demo board: two pinned notices, questions from parents and students over the last weeks,
 * most answered, one 비밀글. Written straight to the tables (the limits per address are for people).
 */
export async function seedDemoBoard(deps: { ctx: AppContext }, seed: DemoSeed): Promise<void> {
  const { db } = deps.ctx;
  const admin = seed.accounts.get('admin');
  const ta = seed.accounts.get('ta01');
  const student = seed.accounts.get('student01');
  if (admin === undefined || ta === undefined) return;
  const now = deps.ctx.now().getTime();
  const hash = await hashPassword(DEMO_BOARD_PASSWORD);
  const at = (daysAgo: number, hour = 0) => new Date(now - daysAgo * DAY + hour * 3_600_000);

  await db.transaction(async () => {
    await db.insert(boardPosts).values([
      { kind: 'notice', title: '겨울방학 특강 시간표 안내', body: '12월 22일부터 겨울방학 특강이 시작됩니다.\n고1·고2 수학 심화, 고3 수능 파이널 반을 운영합니다.\n자세한 시간표는 학원 안내 데스크나 상담 전화로 문의해 주세요.', authorType: 'staff', authorUserId: admin, authorName: '원장', sortOrder: 1, createdAt: at(6), updatedAt: at(6) },
      { kind: 'notice', title: '게시판 이용 안내', body: '수업, 교재, 상담에 관한 질문을 남겨 주시면 담당 선생님이 답변드립니다.\n개인 정보가 담긴 질문은 비밀글로 남겨 주세요.', authorType: 'staff', authorUserId: admin, authorName: '원장', sortOrder: 2, createdAt: at(30), updatedAt: at(30) },
    ]);
    const questions = [
      { title: '고2 수학 정규반 보강 일정이 궁금합니다', body: '지난주 목요일 수업에 빠졌는데 보강은 언제 있나요?', name: '김지현', daysAgo: 9, answer: '보강은 이번 주 토요일 오후 2시에 301호에서 진행합니다. 교재를 꼭 챙겨 오세요.' },
      { title: '교재는 어디서 구매하나요?', body: '중3 겨울 특강 교재를 학원에서 살 수 있는지 궁금합니다.', name: '박서연 학부모', daysAgo: 8, answer: '교재는 첫 수업 날 학원에서 나누어 드리며, 교재비는 수강료에 포함되어 있습니다.' },
      { title: '주차가 가능한가요?', body: '상담하러 방문하려고 하는데 건물에 주차할 수 있나요?', name: '이동훈', daysAgo: 7, answer: '건물 지하 주차장에 1시간 무료 주차가 가능합니다. 안내 데스크에서 주차 등록을 해 드립니다.' },
      { title: '모의고사 성적표는 언제 나오나요?', body: '11월 모의고사 결과를 언제 받을 수 있는지 알고 싶어요.', name: '정하은', daysAgo: 5, answer: '이번 주 금요일까지 문자로 성적표 링크를 보내드립니다.' },
      { title: '클리닉 예약은 어떻게 하나요?', body: '학생 포털에서 클리닉 예약 버튼이 안 보입니다.', name: '최민준', daysAgo: 4, answer: '클리닉 예약은 매주 일요일 21시에 열립니다. 그 전에는 버튼이 보이지 않아요.' },
      { title: '고1 수학 심화반 레벨 테스트 문의', body: '레벨 테스트를 보고 반을 옮길 수 있는지 궁금합니다.', name: '윤서준 학부모', daysAgo: 3, answer: null },
      { title: '영어 내신반 시간 변경 가능할까요?', body: '학교 보충 수업과 시간이 겹쳐서요. 다른 요일 반이 있을까요?', name: '한지우', daysAgo: 2, answer: null },
      { title: '수업 자료 다운로드가 안 돼요', body: '포털에서 3주차 자료를 누르면 아무것도 안 나옵니다.', name: '오세훈', daysAgo: 1, answer: null },
    ];
    for (const q of questions) {
      const [post] = await db
        .insert(boardPosts)
        .values({ kind: 'question', title: q.title, body: q.body, authorType: 'visitor', authorName: q.name, passwordHash: hash, authorPhone: '01055550100', answerCount: q.answer ? 1 : 0, viewCount: 3 + q.daysAgo * 2, ip: '127.0.0.1', createdAt: at(q.daysAgo, 3), updatedAt: at(q.daysAgo, 3) })
        .returning();
      if (q.answer) await db.insert(boardAnswers).values({ postId: post!.id, body: q.answer, authorId: ta, createdAt: at(q.daysAgo, 6), updatedAt: at(q.daysAgo, 6) });
    }
    await db.insert(boardPosts).values({ kind: 'question', title: '상담 요청드립니다 (성적 관련)', body: '아이 성적 때문에 원장님과 상담하고 싶습니다. 연락 부탁드립니다.', secret: true, authorType: 'visitor', authorName: '김민지 학부모', passwordHash: hash, authorPhone: '01055550101', ip: '127.0.0.1', createdAt: at(0, -2), updatedAt: at(0, -2) });
    if (student !== undefined) {
      await db.insert(boardPosts).values({ kind: 'question', title: '숙제 제출 기한 질문', body: '이번 주 과제는 금요일까지 내면 되나요?', authorType: 'student', authorUserId: student, authorName: '최민준', ip: '127.0.0.1', createdAt: at(0, -1), updatedAt: at(0, -1) });
    }
    await recountBoard(db);
  });
}
