import { kstToday } from '@academy/contracts/dates';
import { parseAnswerKey, type Question } from '@academy/contracts/grading';
import type { DemoSeed } from '../../db/seed/seed.ts';
import type { ExamsDeps } from './exams.deps.ts';
import type { ExamService } from './exams.service.ts';
import type { ScoringService } from './scoring.service.ts';
import type { createTemplateService } from './templates.service.ts';

/** The demo center's weekly tests (수학 keys as centers type them), answered by the students. */
const KEYS = {
  weekly: '31524 42153 35214 12345',
  quadratic: '2,4,1,3,5,2,4,3,1,5,12,7',
} as const;

const key = (text: string, points: number): Question[] => parseAnswerKey(text, { points }).questions;

/** A student's answer to a question: right with a probability that depends on the student. */
function answerOf(opts: { q: Question; userId: number; examId: number; no: number; skill: number }): string {
  const roll = ((opts.userId * 7919 + opts.examId * 104729 + opts.no * 1299709) % 1000) / 1000;
  const right = opts.q.kind === 'choice' ? String(opts.q.answer[0]) : opts.q.answer[0]!;
  if (roll < opts.skill) return right;
  return opts.q.kind === 'choice' ? String((Number(right) % 5) + 1) : String(Number(right) + 1);
}

/**
 * Templates, and for 고2 수학 정규반 a weekly test in each of its last three past sessions (answered
 * per question, graded, released, cutline 60 so some students need a clinic) plus one in the next
 * session opened for online answers. Deterministic: the browser tests may rely on it.
 */
export async function seedDemoExams(
  deps: Pick<ExamsDeps, 'ctx' | 'lectures'> & { exams: ExamService; scoring: ScoringService; templates: ReturnType<typeof createTemplateService> },
  seed: DemoSeed,
): Promise<void> {
  const { ctx, lectures, exams, scoring, templates } = deps;
  const actor = { id: seed.accounts.get('ta01') ?? seed.accounts.get('admin') ?? 0 };
  const weekly = await templates.create({ input: { title: '주간 테스트 (20문항)', subject: '수학', description: '매주 수업 시작 30분', questions: key(KEYS.weekly, 5) }, actorId: actor.id });
  await templates.create({ input: { title: '단원평가 — 이차함수', subject: '수학', description: '객관식 10문항 + 주관식 2문항', questions: key(KEYS.quadratic, 8).map((q, i) => ({ ...q, points: i < 10 ? 8 : 10, tag: i < 5 ? '이차함수의 그래프' : '최대·최소' })) }, actorId: actor.id });

  const today = kstToday(ctx.now());
  const mathId = seed.lectures.get('고2 수학 정규반')?.id;
  if (mathId === undefined) return;
  const sessions = await lectures.sessions.ofLecture({ lectureId: mathId, from: '2000-01-01', to: '2100-01-01' });
  const past = sessions.filter((s) => s.date < today).slice(-3);
  const next = sessions.find((s) => s.date >= today);

  for (const [i, s] of past.entries()) {
    const exam = await exams.create({ lectureId: mathId, weeklyLectureId: s.id, input: { templateId: weekly.id, title: `${s.title} 주간 테스트`, cutline: 60, gradeMode: 'relative9', gradeCutoffs: [] }, actor });
    const participants = await lectures.participation.participantsOf(s.id);
    await scoring.write({
      writes: participants.map((userId) => {
        const skill = 0.45 + (((userId * 31) % 50) / 100) + i * 0.03;
        return { examId: exam.id, userId, change: { answers: exam.questions.map((q, no) => answerOf({ q, userId, examId: exam.id, no, skill })) } };
      }),
      actor,
      action: 'score.seed',
    });
    // Demo data is made before any SMS setting exists, so no text goes out on these releases.
    await exams.setReadyToShow({ examId: exam.id, readyToShow: true, actor, origin: deps.ctx.config.publicUrl });
  }
  if (next) {
    await exams.create({ lectureId: mathId, weeklyLectureId: next.id, input: { templateId: weekly.id, title: `${next.title} 주간 테스트`, cutline: 60, onlineSubmission: true }, actor });
  }
}
