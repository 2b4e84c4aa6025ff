import { type AttemptType, type ClinicStatus, type DeliveryType, EXAM_ERRORS, type GradeChange, type ScoreCell, type ScoreStatus } from '@academy/contracts/exams';
import { gradeSheet, type Question } from '@academy/contracts/grading';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { examQueries } from './exams.queries.ts';
import { emptyCell, type ExamRow, getExamRow, mapCell, publishToGrid, type ScoreRow } from './exams.rows.ts';
import type { LockService } from './locks.service.ts';
import { ranksMoved, settle } from './score-rules.ts';

type Actor = { id: number };

/** What one write asks to change in a cell; the rules (score-rules.ts) settle the rest. */
export type CellChange = {
  first?: number | null;
  retake?: number | null;
  answers?: (string | null)[] | null;
  retakeAnswers?: (string | null)[] | null;
  status?: ScoreStatus;
  clinic?: ClinicStatus;
  delivery?: DeliveryType;
  grade?: number | null;
  memo?: string;
  submittedAt?: Date;
};

/** `retakeMax`: the full marks of the retake written (its own, when it has one); the exam's by default. */
type Write = { examId: number; userId: number; change: CellChange; version?: number; retakeMax?: number };

const FIELDS = ['first', 'retake', 'status', 'clinic', 'delivery', 'grade', 'gradeManual', 'memo', 'answers', 'marks', 'retakeAnswers', 'retakeMarks'] as const;
const pick = (r: Partial<ScoreRow> | null) => (r ? Object.fromEntries(FIELDS.map((f) => [f, r[f] ?? null])) : null);

/**
 * Every change to scores goes through `write`: in one transaction it checks that each student
 * takes part in the exam's session, that nobody else holds the cell (locks) and that the screen
 * was not outdated (version), applies the rules, stores the cells, recomputes the grades that
 * moved, records before/after in the audit trail and tells every open grid.
 */
export function createScoringService(deps: ExamsDeps & { locks: LockService }) {
  const { ctx, lectures, users, locks } = deps;
  const { db, audit, realtime } = ctx;
  const q = examQueries(db);

  function checkValue(exam: Pick<ExamRow, 'maxScore' | 'title'>, value: number | null | undefined, max = exam.maxScore) {
    if (value !== null && value !== undefined && value > max) {
      throw appError(EXAM_ERRORS.value_out_of_range, `점수는 만점(${max}점)을 넘을 수 없습니다 (${exam.title})`, { field: 'scoreValue' });
    }
  }

  async function write(opts: { writes: Write[]; actor: Actor; action: string }): Promise<ScoreCell[]> {
    return db.transaction(async () => {
      const examIds = [...new Set(opts.writes.map((w) => w.examId))];
      const examRows = await q.examsByIds(examIds);
      const examById = new Map(examRows.map((e) => [e.id, e]));
      const missingExam = examIds.find((id) => !examById.has(id));
      if (missingExam !== undefined) throw appError(EXAM_ERRORS.not_found, `시험을 찾을 수 없습니다 (ID ${missingExam})`);

      const participants = await lectures.participation.participantsOfMany([...new Set(examRows.map((e) => e.weeklyLectureId))]);
      const outsiders = opts.writes.filter((w) => !participants.get(examById.get(w.examId)!.weeklyLectureId)?.includes(w.userId));
      if (outsiders.length) {
        const names = await users.directory(outsiders.map((o) => o.userId));
        throw appError(EXAM_ERRORS.not_participant, `이 시험의 회차 참여자가 아닌 학생이 있습니다: ${outsiders.map((o) => names.get(o.userId)?.name ?? `ID ${o.userId}`).join(', ')}. 아무것도 바꾸지 않았습니다`, { field: 'userId' });
      }
      // Refuses cells another TA holds, and releases the writer's own locks of them (one request per edit).
      await locks.claim({ cells: opts.writes, actor: opts.actor, lectureOf: (id) => examById.get(id)!.lectureId });

      const current = await q.scoresForWrite(examIds, [...new Set(opts.writes.map((w) => w.userId))]);
      const currentBy = new Map(current.map((r) => [`${r.examId}:${r.userId}`, r]));

      const now = ctx.now();
      const next: ScoreRow[] = [];
      const entries = [];
      let moved = false;
      for (const w of opts.writes) {
        const exam = examById.get(w.examId)!;
        const before = currentBy.get(`${w.examId}:${w.userId}`) ?? null;
        const version = before?.version ?? 0;
        if (w.version !== undefined && w.version !== version) {
          const name = (await users.directory([w.userId])).get(w.userId)?.name ?? '';
          throw appError(EXAM_ERRORS.version_conflict, `${name} 학생의 ${exam.title} 점수를 다른 직원이 먼저 고쳤습니다. 화면을 새로 고친 뒤 다시 입력해 주세요`);
        }
        const base: ScoreRow = before ?? {
          id: 0, examId: w.examId, userId: w.userId, first: null, retake: null, answers: null, marks: null, retakeAnswers: null, retakeMarks: null,
          status: 'not_taken', clinic: 'none', delivery: 'none', grade: null, gradeManual: false, memo: '', submittedAt: null, version: 0, updatedAt: now, updatedBy: null,
        };
        const c = w.change;
        const merged: ScoreRow = { ...base, ...c, version: version + 1, updatedAt: now, updatedBy: opts.actor.id } as ScoreRow;
        if (c.answers !== undefined) {
          if (c.answers && exam.questions.length === 0) throw appError(EXAM_ERRORS.no_answer_key, `${exam.title}에는 정답이 없어 답안으로 채점할 수 없습니다. 점수를 입력하거나 정답을 먼저 넣어 주세요`);
          if (c.answers && c.answers.length > exam.questions.length) throw appError(EXAM_ERRORS.answers_invalid, `문항이 ${exam.questions.length}개인데 답이 ${c.answers.length}개입니다`, { field: 'answers' });
          const graded = c.answers ? gradeSheet(exam.questions as Question[], c.answers) : null;
          merged.first = graded ? graded.score : (c.first ?? null);
          merged.marks = graded ? graded.marks : null;
        }
        if (c.grade !== undefined) merged.gradeManual = c.grade !== null;
        if (c.first !== undefined) checkValue(exam, merged.first);
        if (c.retake !== undefined) checkValue(exam, merged.retake, w.retakeMax);
        const settled = settle({ before: base, after: merged, cutline: exam.cutline, clinicSetByHand: c.clinic !== undefined });
        Object.assign(merged, settled);
        moved ||= ranksMoved(before, merged);
        next.push(merged);
        entries.push({ actorId: opts.actor.id, action: opts.action, entity: 'score', entityId: `${w.examId}:${w.userId}`, before: pick(before), after: pick(merged) });
      }

      const ids = await q.upsertScores(next);
      const saved = next.map((r, i) => ({ ...r, id: ids[i]! }));
      await audit.record(entries);
      // Only a change of a 1st score, a status or a hand-set grade moves ranks (a memo, a clinic, a retake does not).
      const ranked = moved ? await q.regradeRanks(examIds) : [];
      const savedBy = new Map(saved.map((r) => [`${r.examId}:${r.userId}`, r]));
      for (const g of ranked) {
        const row = savedBy.get(`${g.examId}:${g.userId}`);
        if (row) {
          row.grade = g.grade;
          row.version = g.version;
        }
      }
      const names = await users.directory([opts.actor.id]);
      const cells = saved.map((r) => mapCell(r, names));
      await publish({ examRows, cells, otherGrades: ranked.filter((g) => !savedBy.has(`${g.examId}:${g.userId}`)) });
      return cells;
    });
  }

  async function publish(opts: { examRows: ExamRow[]; cells: ScoreCell[]; otherGrades: GradeChange[] }) {
    const lectureOf = new Map(opts.examRows.map((e) => [e.id, e.lectureId]));
    const byLecture = new Map<number, { cells: ScoreCell[]; grades: typeof opts.otherGrades }>();
    const bucket = (examId: number) => {
      const l = lectureOf.get(examId) ?? 0;
      let b = byLecture.get(l);
      if (!b) byLecture.set(l, (b = { cells: [], grades: [] }));
      return b;
    };
    for (const c of opts.cells) bucket(c.examId).cells.push(c);
    for (const g of opts.otherGrades) if (lectureOf.has(g.examId)) bucket(g.examId).grades.push(g);
    for (const [lectureId, b] of byLecture) {
      if (b.cells.length === 1 && b.grades.length === 0) await publishToGrid(realtime, lectureId, { type: 'score', data: b.cells[0]! });
      else await publishToGrid(realtime, lectureId, { type: 'scores', data: b });
    }
  }

  const one = async (w: Write & { actor: Actor; action: string }) => (await write({ writes: [w], actor: w.actor, action: w.action }))[0]!;

  return {
    write,

    async get(opts: { examId: number; userId: number }): Promise<ScoreCell> {
      const exam = await getExamRow(q, opts.examId);
      const row = await q.score({ examId: exam.id, userId: opts.userId });
      if (!row) {
        const participants = await lectures.participation.participantsOf(exam.weeklyLectureId);
        if (!participants.includes(opts.userId)) throw appError(EXAM_ERRORS.score_not_found, '이 시험의 성적이 없습니다 (회차 참여자가 아닙니다)');
        return emptyCell(opts);
      }
      return mapCell(row, row.updatedBy === null ? new Map() : await users.directory([row.updatedBy]));
    },

    /** Cells of one exam as the grid shows them, by student (an empty cell for a student with nothing entered). */
    async ofExam(opts: { examId: number; userIds: readonly number[] }): Promise<Map<number, ScoreCell>> {
      const wanted = new Set(opts.userIds);
      const rows = (await q.scoresOfExam(opts.examId)).filter((r) => wanted.has(r.userId));
      const names = await users.directory([...new Set(rows.flatMap((r) => (r.updatedBy === null ? [] : [r.updatedBy])))]);
      const out = new Map(opts.userIds.map((userId) => [userId, emptyCell({ examId: opts.examId, userId })]));
      for (const r of rows) out.set(r.userId, mapCell(r, names));
      return out;
    },

    /** Who changed the cell, when, from what to what (oldest first). */
    async history(opts: { examId: number; userId: number }) {
      await getExamRow(q, opts.examId);
      const trail = await audit.historyOf({ entity: 'score', entityId: `${opts.examId}:${opts.userId}` });
      const names = await users.directory(trail.map((t) => t.actorId).filter((id): id is number => id !== null));
      return trail.map((t) => ({ at: t.at.toISOString(), actorName: t.actorId === null ? null : (names.get(t.actorId)?.name ?? null), action: t.action, before: t.before, after: t.after }));
    },

    setValue: (o: { examId: number; userId: number; scoreValue: number | null; attemptType: AttemptType; version?: number; actor: Actor }) =>
      one({ ...o, action: o.attemptType === 'retake' ? 'score.retake' : 'score.first', change: o.attemptType === 'retake' ? { retake: o.scoreValue } : { first: o.scoreValue, answers: null } }),
    setMemo: (o: { examId: number; userId: number; memo: string; version?: number; actor: Actor }) => one({ ...o, action: 'score.memo', change: { memo: o.memo } }),
    setDelivery: (o: { examId: number; userId: number; value: DeliveryType; actor: Actor }) => one({ ...o, action: 'score.delivery', change: { delivery: o.value } }),
    setClinic: (o: { examId: number; userId: number; value: ClinicStatus; actor: Actor }) => one({ ...o, action: 'score.clinic', change: { clinic: o.value } }),
    setStatus: (o: { examId: number; userId: number; value: ScoreStatus; actor: Actor }) => one({ ...o, action: 'score.status', change: { status: o.value } }),
    setGrade: (o: { examId: number; userId: number; grade: number | null; version?: number; actor: Actor }) => one({ ...o, action: 'score.grade', change: { grade: o.grade } }),

    /** Answers typed per question: graded at once against the exam's key (or a retake's key). */
    async manualEntry(o: { examId: number; userId: number; answers: (string | null)[]; attemptType: AttemptType; retakeId?: number; version?: number; actor: Actor }) {
      if (o.attemptType === 'first') return one({ ...o, action: 'score.answers', change: { answers: o.answers } });
      return this.retake({ ...o, scoreValue: undefined });
    },

    /** A retake result: a value, or answers graded against the retake's key (the exam's when none). */
    async retake(o: { examId: number; userId: number; scoreValue?: number | null; answers?: (string | null)[]; retakeId?: number; version?: number; actor: Actor }) {
      const exam = await getExamRow(q, o.examId);
      let key = exam.questions as Question[];
      let max = exam.maxScore;
      if (o.retakeId !== undefined) {
        const r = await q.retake(o.retakeId);
        if (!r || r.examId !== exam.id) throw appError(EXAM_ERRORS.retake_not_found, '이 시험의 재시험이 아닙니다', { field: 'retakeId' });
        if (r.questions.length) key = r.questions as Question[];
        max = r.maxScore;
      }
      if (o.answers) {
        if (key.length === 0) throw appError(EXAM_ERRORS.no_answer_key, '정답이 없어 답안으로 채점할 수 없습니다');
        const graded = gradeSheet(key, o.answers);
        return one({ ...o, action: 'score.retake_answers', change: { retake: graded.score, retakeAnswers: o.answers }, retakeMax: max });
      }
      return one({ ...o, action: 'score.retake', change: { retake: o.scoreValue ?? null }, retakeMax: max });
    },

    /** Many cells at once, all or none (pasting a column, a bulk status). */
    async batch(o: { items: { examId: number; userId: number; scoreValue?: number | null; attemptType?: AttemptType; status?: ScoreStatus; version?: number }[]; actor: Actor }) {
      const seen = new Set<string>();
      for (const i of o.items) {
        const k = `${i.examId}:${i.userId}`;
        if (seen.has(k)) throw appError(EXAM_ERRORS.answers_invalid, `같은 칸이 두 번 들어 있습니다 (시험 ${i.examId}, 학생 ${i.userId})`, { field: 'items' });
        seen.add(k);
      }
      const writes: Write[] = o.items.map((i) => {
        const change: CellChange = {};
        if (i.scoreValue !== undefined) {
          if (i.attemptType === 'retake') change.retake = i.scoreValue;
          else Object.assign(change, { first: i.scoreValue, answers: null });
        }
        if (i.status !== undefined) change.status = i.status;
        return { examId: i.examId, userId: i.userId, change, version: i.version };
      });
      const cells = await write({ writes, actor: o.actor, action: 'score.batch' });
      return { updated: cells.length, cells };
    },
  };
}

export type ScoringService = ReturnType<typeof createScoringService>;
