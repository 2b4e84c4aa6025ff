import { count, sql } from 'drizzle-orm';
import type { LargeSeedStep } from '../../db/seed/seed.ts';
import { boardAnswers, boardPosts } from './board.table.ts';
import { recountBoard } from './counters.ts';

const POSTS = 20_000;

/** The board step of `seed:large`: years of questions (20,000, two in three answered) and a few pinned notices. Idempotent. */
export const largeBoardStep: LargeSeedStep = {
  name: 'board: 20,000 questions with answers, 3 pinned notices',
  run: async ({ db, taIds }) => {
    const [have] = await db.select({ n: count() }).from(boardPosts);
    if ((have?.n ?? 0) >= POSTS) return;
    const ta = taIds[0] ?? 1;
    await db.execute(sql`
      insert into ${boardPosts} (kind, title, body, secret, author_type, author_name, answer_count, view_count, ip, created_at, updated_at)
      select 'question', '수업 문의 ' || g || ' — ' || (array['보강 일정','교재','클리닉 예약','성적표','반 이동','주차'])[1 + g % 6],
             '질문 내용입니다. 확인 부탁드립니다. (' || g || ')', g % 9 = 0, 'visitor',
             (array['김','이','박','최','정','강','조','윤'])[1 + g % 8] || '학부모', case when g % 3 = 0 then 0 else 1 end, g % 50, '10.0.0.' || (g % 250),
             now() - (g || ' minutes')::interval * 17, now() - (g || ' minutes')::interval * 17
      from generate_series(1, ${POSTS}) g`);
    await db.execute(sql`
      insert into ${boardAnswers} (post_id, body, author_id, created_at, updated_at)
      select id, '답변드립니다. 추가로 궁금하신 점은 학원으로 연락 주세요.', ${ta}, created_at, created_at from ${boardPosts} where answer_count = 1`);
    await db.execute(sql`
      insert into ${boardPosts} (kind, title, body, author_type, author_name, sort_order, created_at, updated_at)
      select 'notice', '공지 ' || g, '공지 내용 ' || g, 'staff', '원장', g, now(), now() from generate_series(1, 3) g`);
    await recountBoard(db);
    await db.execute(sql`analyze ${boardPosts}`);
  },
};
