import { compareKorean, formatKoreanDate } from '@academy/contracts/format';
import type { Question } from '@academy/contracts/grading';
import { OMR_ERRORS, type OmrExamSheet } from '@academy/contracts/omr';
import { appError } from '../../lib/errors.ts';
import { buildExamLayout, type ExamLayout, LayoutError } from './engine/layout.ts';
import { renderSheetsPdf, type SheetPage } from './engine/sheet-pdf.ts';
import type { NumberService } from './numbers.service.ts';
import type { OmrDeps } from './omr.deps.ts';

/** The exam's sheet: its layout (from the answer key), the students who sit it with their 수험번호, and the printable PDF. */
export function createPrintService(deps: Pick<OmrDeps, 'exams' | 'lectures' | 'users'> & { numbers: NumberService }) {
  const { exams, lectures, users, numbers } = deps;

  async function examLayout(examId: number) {
    const exam = await exams.exams.get(examId);
    if (!exam.questions.length) throw appError(OMR_ERRORS.no_questions, '정답(문항)이 없는 시험은 OMR 답안지를 만들 수 없습니다. 시험에 정답을 먼저 넣어 주세요');
    let layout: ExamLayout;
    try {
      layout = buildExamLayout(exam.questions as Question[]);
    } catch (err) {
      if (err instanceof LayoutError) throw appError(OMR_ERRORS.layout_invalid, err.message);
      throw err;
    }
    return { exam, layout };
  }

  async function candidates(weeklyLectureId: number) {
    const ids = await lectures.participation.participantsOf(weeklyLectureId);
    const [numbersOf, names] = await Promise.all([numbers.ensure(ids), users.directory(ids)]);
    return ids
      .map((userId) => ({ userId, name: names.get(userId)?.name ?? '', loginId: names.get(userId)?.loginId ?? '', candidateNumber: numbersOf.get(userId)! }))
      .sort((a, b) => compareKorean(a.name, b.name) || a.userId - b.userId);
  }

  return {
    examLayout,

    async examSheet(examId: number): Promise<OmrExamSheet> {
      const { exam, layout } = await examLayout(examId);
      return { examId: exam.id, lectureId: exam.lectureId, weeklyLectureId: exam.weeklyLectureId, title: exam.title, questionCount: exam.questions.length, omitted: layout.omitted, layout: layout.layout, candidates: await candidates(exam.weeklyLectureId) };
    },

    async pdf(opts: { examId: number; mode: 'blank' | 'students'; copies: number }): Promise<{ body: Uint8Array; fileName: string }> {
      const { exam, layout } = await examLayout(opts.examId);
      const [session, lectureNames] = await Promise.all([lectures.sessions.describe([exam.weeklyLectureId]), lectures.lectures.names([exam.lectureId])]);
      const wl = session.get(exam.weeklyLectureId);
      const heading = {
        title: exam.title,
        lecture: [lectureNames.get(exam.lectureId), wl?.title].filter(Boolean).join(' '),
        date: wl ? formatKoreanDate(wl.date) : '',
        examId: exam.id,
      };
      const pages: SheetPage[] =
        opts.mode === 'blank'
          ? Array.from({ length: opts.copies }, () => ({ kind: 'blank' as const }))
          : (await candidates(exam.weeklyLectureId)).map((c) => ({ kind: 'student' as const, userId: c.userId, name: c.name, candidateNumber: c.candidateNumber }));
      if (!pages.length) throw appError(OMR_ERRORS.student_invalid, '이 회차에 참여 학생이 없습니다. 빈 답안지를 인쇄하거나 학생을 먼저 추가해 주세요');
      const body = await renderSheetsPdf({ layout, heading, pages });
      return { body, fileName: `${exam.title} OMR 답안지${opts.mode === 'blank' ? ' (빈 답안지)' : ''}.pdf` };
    },
  };
}
export type PrintService = ReturnType<typeof createPrintService>;
