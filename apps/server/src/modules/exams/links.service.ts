import { EXAM_ERRORS, type ParentScoreView } from '@academy/contracts/exams';
import { formatKoreanDate } from '@academy/contracts/format';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { getExamRow } from './exams.rows.ts';
import { examQueries } from './exams.queries.ts';
import type { createResultService } from './results.service.ts';
import type { ScoringService } from './scoring.service.ts';

const PURPOSE = 'score';
const DAY_MS = 86_400_000;

/**
 * The parent's score link: a hashed, expiring token for one student and one exam, texted to the
 * parent phone through the outbox. It shows that student's released result of that exam and
 * nothing else; before release it answers that the result is not out yet.
 */
export function createScoreLinkService(deps: ExamsDeps & { results: ReturnType<typeof createResultService>; scoring: ScoringService }) {
  const { ctx, lectures, students, results, scoring } = deps;
  const { db, links, sms } = ctx;
  const q = examQueries(db);

  return {
    /**
     * One link per student, texted to each parent with `sendSms`. `message` replaces the standard
     * text (the SMS area's template on release): its key makes the text go once per exam and student.
     */
    async create(opts: {
      examId: number; userIds: number[]; sendSms: boolean; expiresInDays: number; origin: string; actor: { id: number };
      message?: { purpose: string; render: (r: { userId: number; name: string; url: string; score: number | null }) => string; keyOf: (userId: number) => string };
    }) {
      const exam = await getExamRow(q, opts.examId);
      const participants = await lectures.participation.participantsOf(exam.weeklyLectureId);
      const outsider = opts.userIds.find((id) => !participants.includes(id));
      if (outsider !== undefined) throw appError(EXAM_ERRORS.not_participant, `이 시험의 회차 참여자가 아닌 학생이 있습니다 (ID ${outsider})`, { field: 'userIds' });
      const contacts = await students.contactsOf(opts.userIds);
      const lectureName = (await lectures.lectures.names([exam.lectureId])).get(exam.lectureId) ?? '';
      const expiresAt = new Date(ctx.now().getTime() + opts.expiresInDays * DAY_MS);
      const firsts = opts.message ? await results.firstScores({ examId: exam.id, userIds: opts.userIds }) : new Map<number, number | null>();
      return db.transaction(async () => {
        const out = [];
        const texted: number[] = [];
        for (const userId of [...new Set(opts.userIds)]) {
          const c = contacts.get(userId);
          const phone = opts.sendSms ? (c?.parentPhone ?? null) : null;
          const { token } = await links.create({ purpose: PURPOSE, studentId: userId, subjectId: exam.id, expiresAt, createdBy: opts.actor.id, smsPhone: phone, now: ctx.now() });
          const url = `${opts.origin}/link/score/${token}`;
          if (phone) {
            const custom = opts.message;
            await sms.queue({
              toPhone: phone,
              body: custom
                ? custom.render({ userId, name: c?.name ?? '', url, score: firsts.get(userId) ?? null })
                : `[성적 안내] ${c?.name ?? ''} 학생의 ${lectureName} ${exam.title} 결과입니다.\n${url}\n(${formatKoreanDate(expiresAt)}까지 열 수 있습니다)`,
              purpose: custom?.purpose ?? 'score_link',
              audience: 'parent',
              userId,
              createdBy: opts.actor.id,
              ...(custom ? { key: custom.keyOf(userId) } : {}),
            });
            texted.push(userId);
          }
          out.push({ userId, name: c?.name ?? '', url, expiresAt: expiresAt.toISOString(), smsQueued: !!phone });
        }
        if (texted.length) {
          await scoring.write({ writes: texted.map((userId) => ({ examId: exam.id, userId, change: { delivery: 'link' as const } })), actor: opts.actor, action: 'score.delivery' });
        }
        return out;
      });
    },

    async view(token: string): Promise<ParentScoreView> {
      const now = ctx.now();
      const link = await links.open({ purpose: PURPOSE, token, now });
      const studentId = link.studentId!;
      const exam = await getExamRow(q, link.subjectId);
      if (!exam.readyToShow) throw appError(EXAM_ERRORS.not_released, '아직 성적이 공개되지 않았습니다. 공개되면 같은 링크에서 볼 수 있습니다');
      const result = await results.detail({ userId: studentId, examId: exam.id });
      const name = (await students.contactsOf([studentId])).get(studentId)?.name ?? '';
      await links.recordOpen({ id: link.id, now });
      return { studentName: name, result, expiresAt: link.expiresAt.toISOString() };
    },
  };
}
