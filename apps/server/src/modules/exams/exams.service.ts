import { type CreateExamBody, EXAM_ERRORS, type ExamDetail, type GradeMode } from '@academy/contracts/exams';
import { gradeSheet, maxScoreOf, type Question } from '@academy/contracts/grading';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { type ExamRow, getExamRow, getSessionExamRow, mapExamDetail, publishToGrid, mapExams } from './exams.rows.ts';
import { examQueries } from './exams.queries.ts';

type Actor = { id: number };

/** An exam was released to students (and parents' links) in this transaction. */
export type ExamReleased = { examId: number; lectureId: number; weeklyLectureId: number; title: string; actorId: number; origin: string };
/** Told of every release inside its transaction (the SMS area's score texts): it must only record or enqueue. */
export type ReleaseListener = (e: ExamReleased) => Promise<void>;
type Settings = { title: string; cutline?: number | null; gradeMode: GradeMode; gradeCutoffs: number[]; onlineSubmission: boolean };

/**
 * The exams of a session: made from a template or from scratch, their settings (cutline, grades,
 * online submission), answer keys (changing one re-grades every sheet), order, links between the
 * classes that sat the same test, copies to other sessions, and release to students.
 */
export function createExamService(deps: ExamsDeps & { releaseListeners?: readonly ReleaseListener[] }) {
  const { ctx, lectures } = deps;
  const releaseListeners = deps.releaseListeners ?? [];
  const { db, audit, realtime } = ctx;
  const q = examQueries(db);

  const announce = (exam: Pick<ExamRow, 'lectureId' | 'weeklyLectureId'>) =>
    publishToGrid(realtime, exam.lectureId, { type: 'exams', data: { weeklyLectureId: exam.weeklyLectureId } });

  /** After a key or a cutline changed: clinic statuses and grades follow, and the grids are told. */
  async function afterScoresMoved(exam: ExamRow) {
    await q.resettleClinic(exam);
    await q.regradeRanks([exam.id]);
  }

  /** Re-grades every sheet with answers against the exam's key; the old values go to the audit trail. */
  async function regradeSheets(exam: ExamRow, actor: Actor): Promise<{ regraded: number; changed: number }> {
    const sheets = await q.sheetsWithAnswers(exam.id);
    const key = exam.questions as Question[];
    const changed = sheets
      .map((s) => ({ s, graded: key.length ? gradeSheet(key, s.answers ?? []) : null }))
      .filter(({ s, graded }) => graded && (graded.score !== s.first || graded.marks !== s.marks));
    if (changed.length) {
      await q.setRegraded(changed.map((c) => ({ id: c.s.id, first: c.graded!.score, marks: c.graded!.marks })), { at: ctx.now(), actorId: actor.id });
      await audit.record(changed.map(({ s, graded }) => ({
        actorId: actor.id, action: 'score.regrade', entity: 'score', entityId: `${s.examId}:${s.userId}`,
        before: { first: s.first, marks: s.marks }, after: { first: graded!.score, marks: graded!.marks },
      })));
    }
    await afterScoresMoved(exam);
    return { regraded: sheets.length, changed: changed.length };
  }

  async function saveSettings(opts: { exam: ExamRow; settings: Settings; actor: Actor; action: string }): Promise<ExamDetail> {
    return db.transaction(async () => {
      const s = opts.settings;
      const row = await q.updateExam(opts.exam.id, {
        title: s.title, cutline: s.cutline === undefined ? opts.exam.cutline : s.cutline, gradeMode: s.gradeMode, gradeCutoffs: s.gradeCutoffs, onlineSubmission: s.onlineSubmission, updatedAt: ctx.now(),
      });
      await afterScoresMoved(row);
      await audit.record({ actorId: opts.actor.id, action: opts.action, entity: 'exam', entityId: row.id, before: settingsOf(opts.exam), after: settingsOf(row) });
      await announce(row);
      return mapExamDetail(q, row);
    });
  }

  const settingsOf = (e: ExamRow) => ({ title: e.title, cutline: e.cutline, gradeMode: e.gradeMode, gradeCutoffs: e.gradeCutoffs, onlineSubmission: e.onlineSubmission, readyToShow: e.readyToShow });

  return {
    regradeSheets,

    async list(opts: { lectureId: number; weeklyLectureId: number }) {
      await lectures.sessions.require({ weeklyLectureId: opts.weeklyLectureId, lectureId: opts.lectureId });
      return mapExams(q, await q.examsOfSessions([opts.weeklyLectureId]));
    },

    async get(id: number) {
      return mapExamDetail(q, await getExamRow(q, id));
    },

    async create(opts: { lectureId: number; weeklyLectureId: number; input: CreateExamBody; actor: Actor }): Promise<ExamDetail> {
      const session = await lectures.sessions.require({ weeklyLectureId: opts.weeklyLectureId, lectureId: opts.lectureId });
      const i = opts.input;
      let questions = (i.questions ?? []) as Question[];
      let title = i.title;
      if (i.templateId !== undefined) {
        const t = await q.template(i.templateId);
        if (!t) throw appError(EXAM_ERRORS.template_not_found, `시험 템플릿을 찾을 수 없습니다 (ID ${i.templateId})`, { field: 'templateId' });
        questions = i.questions?.length ? questions : (t.questions as Question[]);
        title ??= t.title;
      }
      const maxScore = questions.length ? maxScoreOf(questions) : i.maxScore!;
      return db.transaction(async () => {
        const [row] = await q.insertExams([{
          lectureId: session.lectureId, weeklyLectureId: session.id, seq: await q.nextSeq(session.id), title: title!, templateId: i.templateId ?? null,
          questions, maxScore, cutline: i.cutline ?? null, gradeMode: i.gradeMode ?? 'none', gradeCutoffs: i.gradeCutoffs ?? [],
          onlineSubmission: i.onlineSubmission ?? false, createdBy: opts.actor.id, createdAt: ctx.now(), updatedAt: ctx.now(),
        }]);
        await audit.record({ actorId: opts.actor.id, action: 'exam.create', entity: 'exam', entityId: row!.id, after: { ...settingsOf(row!), templateId: row!.templateId, questionCount: questions.length, maxScore } });
        await announce(row!);
        return mapExamDetail(q, row!);
      });
    },

    async update(opts: { weeklyLectureId?: number; examId: number; settings: Settings; actor: Actor }) {
      const exam = opts.weeklyLectureId === undefined ? await getExamRow(q, opts.examId) : await getSessionExamRow(q, { weeklyLectureId: opts.weeklyLectureId, examId: opts.examId });
      return saveSettings({ exam, settings: opts.settings, actor: opts.actor, action: 'exam.update' });
    },

    async setCutline(opts: { weeklyLectureId: number; examId: number; cutline: number | null; actor: Actor }) {
      const exam = await getSessionExamRow(q, opts);
      if (opts.cutline !== null && opts.cutline > exam.maxScore) throw appError(EXAM_ERRORS.value_out_of_range, `커트라인은 만점(${exam.maxScore}점)을 넘을 수 없습니다`, { field: 'cutline' });
      return saveSettings({ exam, settings: { ...settingsOf(exam), cutline: opts.cutline }, actor: opts.actor, action: 'exam.cutline' });
    },

    async delete(opts: { weeklyLectureId: number; examId: number; actor: Actor }) {
      const exam = await getSessionExamRow(q, opts);
      await db.transaction(async () => {
        const sheets = await q.scoresOfExam(exam.id);
        await q.deleteExam(exam.id);
        await audit.record({ actorId: opts.actor.id, action: 'exam.delete', entity: 'exam', entityId: exam.id, before: { ...settingsOf(exam), questions: exam.questions, scores: sheets.map((s) => ({ userId: s.userId, first: s.first, retake: s.retake, status: s.status })) } });
        if (exam.linkGroupId !== null) await q.regradeRanks(await q.examIdsOfGroup(exam.linkGroupId));
        await announce(exam);
      });
      return { id: exam.id };
    },

    /** A new answer key: every sheet with answers is graded again; the old values stay in the audit trail. */
    async setAnswers(opts: { examId: number; questions: Question[]; actor: Actor }): Promise<ExamDetail> {
      const before = await getExamRow(q, opts.examId);
      return db.transaction(async () => {
        const maxScore = opts.questions.length ? maxScoreOf(opts.questions) : before.maxScore;
        const row = await q.updateExam(before.id, { questions: opts.questions, maxScore, updatedAt: ctx.now() });
        await audit.record({ actorId: opts.actor.id, action: 'exam.answers', entity: 'exam', entityId: before.id, before: { questions: before.questions, maxScore: before.maxScore }, after: { questions: row.questions, maxScore } });
        await regradeSheets(row, opts.actor);
        await announce(row);
        return mapExamDetail(q, row);
      });
    },

    async regrade(opts: { examId: number; actor: Actor }) {
      const exam = await getExamRow(q, opts.examId);
      return db.transaction(async () => {
        const result = await regradeSheets(exam, opts.actor);
        await announce(exam);
        return result;
      });
    },

    /** Copies the exam (key, cutline, grades) into other sessions, optionally linking the copies to it. */
    async copy(opts: { examId: number; weeklyLectureIds: number[]; link: boolean; actor: Actor }) {
      const exam = await getExamRow(q, opts.examId);
      const sessions = await Promise.all([...new Set(opts.weeklyLectureIds)].map((id) => lectures.sessions.require({ weeklyLectureId: id, field: 'weeklyLectureIds' })));
      return db.transaction(async () => {
        let group = exam.linkGroupId;
        if (opts.link && group === null) {
          group = await q.newLinkGroup();
          await q.setLinkGroup([exam.id], group);
        }
        const made = [];
        for (const s of sessions) {
          const [row] = await q.insertExams([{
            lectureId: s.lectureId, weeklyLectureId: s.id, seq: await q.nextSeq(s.id), title: exam.title, templateId: exam.templateId, questions: exam.questions,
            maxScore: exam.maxScore, cutline: exam.cutline, gradeMode: exam.gradeMode, gradeCutoffs: exam.gradeCutoffs, onlineSubmission: exam.onlineSubmission,
            linkGroupId: opts.link ? group : null, createdBy: opts.actor.id, createdAt: ctx.now(), updatedAt: ctx.now(),
          }]);
          made.push(row!);
          await announce(row!);
        }
        await audit.record({ actorId: opts.actor.id, action: 'exam.copy', entity: 'exam', entityId: exam.id, after: { copies: made.map((m) => m.id), linked: opts.link } });
        if (opts.link) await q.regradeRanks([exam.id]);
        return mapExams(q, made);
      });
    },

    /** The whole order of one session's exams in one call. */
    async changeSequence(opts: { ids: number[]; actor: Actor }) {
      if (new Set(opts.ids).size !== opts.ids.length) throw appError(EXAM_ERRORS.sequence_invalid, '같은 시험이 두 번 들어 있습니다', { field: 'ids' });
      return db.transaction(async () => {
        const rows = await q.examsByIds(opts.ids);
        if (rows.length !== opts.ids.length) throw appError(EXAM_ERRORS.not_found, '존재하지 않는 시험이 있습니다', { field: 'ids' });
        const sessions = new Set(rows.map((r) => r.weeklyLectureId));
        if (sessions.size !== 1) throw appError(EXAM_ERRORS.sequence_invalid, '한 회차의 시험만 함께 정렬할 수 있습니다', { field: 'ids' });
        const wl = rows[0]!.weeklyLectureId;
        const all = await q.examIdsOfSession(wl);
        if (all.length !== opts.ids.length) throw appError(EXAM_ERRORS.sequence_invalid, `이 회차의 시험 ${all.length}개를 모두 보내야 합니다`, { field: 'ids' });
        await q.setSequence(opts.ids);
        await audit.record({ actorId: opts.actor.id, action: 'exam.sequence', entity: 'weekly_lecture', entityId: wl, before: rows.sort((a, b) => a.seq - b.seq).map((r) => r.id), after: opts.ids });
        await announce(rows[0]!);
        return mapExams(q, await q.examsOfSessions([wl]));
      });
    },

    /** Links exams of several classes that sat the same test: one ranking, one set of statistics. */
    async link(opts: { examId: number; examIds: number[]; actor: Actor }): Promise<ExamDetail> {
      const exam = await getExamRow(q, opts.examId);
      const others = [...new Set(opts.examIds.filter((id) => id !== exam.id))];
      if (others.length === 0) throw appError(EXAM_ERRORS.link_invalid, '묶을 다른 시험을 골라 주세요', { field: 'examIds' });
      return db.transaction(async () => {
        const rows = await q.examsByIds(others);
        if (rows.length !== others.length) throw appError(EXAM_ERRORS.not_found, '존재하지 않는 시험이 있습니다', { field: 'examIds' });
        const differing = rows.find((r) => r.questions.length !== exam.questions.length || r.maxScore !== exam.maxScore);
        if (differing) throw appError(EXAM_ERRORS.link_invalid, `문항 수와 만점이 같은 시험만 묶을 수 있습니다 (${differing.title}: ${differing.questions.length}문항 ${differing.maxScore}점)`, { field: 'examIds' });
        let group = exam.linkGroupId ?? rows.find((r) => r.linkGroupId !== null)?.linkGroupId ?? null;
        if (group === null) group = await q.newLinkGroup();
        const absorbed = [...new Set(rows.map((r) => r.linkGroupId).filter((g): g is number => g !== null && g !== group))];
        await q.setLinkGroup([exam.id, ...others], group);
        if (absorbed.length) await q.moveGroups(absorbed, group);
        await audit.record({ actorId: opts.actor.id, action: 'exam.link', entity: 'exam', entityId: exam.id, after: { linkGroupId: group, examIds: [exam.id, ...others] } });
        await q.regradeRanks([exam.id]);
        for (const r of [exam, ...rows]) await announce(r);
        return mapExamDetail(q, await getExamRow(q, exam.id));
      });
    },

    async unlink(opts: { examId: number; actor: Actor }): Promise<ExamDetail> {
      const exam = await getExamRow(q, opts.examId);
      return db.transaction(async () => {
        if (exam.linkGroupId !== null) {
          const rest = (await q.examIdsOfGroup(exam.linkGroupId)).filter((id) => id !== exam.id);
          await q.setLinkGroup([exam.id], null);
          // A group of one is no group.
          if (rest.length === 1) await q.setLinkGroup([rest[0]!], null);
          await audit.record({ actorId: opts.actor.id, action: 'exam.unlink', entity: 'exam', entityId: exam.id, before: { linkGroupId: exam.linkGroupId } });
          await q.regradeRanks([exam.id, ...rest]);
          await announce(exam);
        }
        return mapExamDetail(q, await getExamRow(q, exam.id));
      });
    },

    /** `origin`: the address the links of texts sent on release point to (publicOrigin: PUBLIC_URL). */
    async setReadyToShow(opts: { examId: number; readyToShow: boolean; actor: Actor; origin: string }): Promise<ExamDetail> {
      const exam = await getExamRow(q, opts.examId);
      return db.transaction(async () => {
        const row = await q.updateExam(exam.id, { readyToShow: opts.readyToShow, updatedAt: ctx.now() });
        await audit.record({ actorId: opts.actor.id, action: opts.readyToShow ? 'exam.release' : 'exam.hide', entity: 'exam', entityId: exam.id, before: { readyToShow: exam.readyToShow }, after: { readyToShow: opts.readyToShow } });
        await announce(row);
        if (opts.readyToShow && !exam.readyToShow) {
          const released = { examId: exam.id, lectureId: exam.lectureId, weeklyLectureId: exam.weeklyLectureId, title: exam.title, actorId: opts.actor.id, origin: opts.origin };
          for (const listener of releaseListeners) await listener(released);
        }
        return mapExamDetail(q, row);
      });
    },
  };
}

export type ExamService = ReturnType<typeof createExamService>;
