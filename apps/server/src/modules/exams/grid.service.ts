import { CLINIC_STATUS_LABEL, EXAM_ERRORS, type GridRow, SCORE_STATUS_LABEL, type ScoreGrid } from '@academy/contracts/exams';
import { compareKorean } from '@academy/contracts/format';
import type { FileResult } from '../../http/route.ts';
import { appError } from '../../lib/errors.ts';
import { type SheetColumn, writeSheet } from '../../lib/xlsx.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { mapExams, publishToGrid } from './exams.rows.ts';
import { examQueries } from './exams.queries.ts';
import type { LockService } from './locks.service.ts';

type GridQuery = { lectureId: number; weeklyLectureId: number; from?: string; to?: string };

/**
 * The score grid (students × exams) of one session or of a range of a lecture's sessions, in a
 * fixed number of queries whatever its size, with the live locks and memos; and its Excel copy.
 */
export function createGridService(deps: ExamsDeps & { locks: LockService }) {
  const { ctx, lectures, users, locks } = deps;
  const { db, audit } = ctx;
  const q = examQueries(db);

  async function grid(query: GridQuery): Promise<ScoreGrid> {
    // Four rounds of queries, each round in parallel, whatever the grid's size.
    const [anchor, lecture] = await Promise.all([
      lectures.sessions.require({ weeklyLectureId: query.weeklyLectureId, lectureId: query.lectureId }),
      lectures.lectures.require(query.lectureId),
    ]);
    const sessions = query.from || query.to
      ? await lectures.sessions.ofLecture({ lectureId: query.lectureId, from: query.from ?? anchor.date, to: query.to ?? anchor.date })
      : [anchor];
    const order = new Map(sessions.map((s, i) => [s.id, i]));
    const sessionIds = sessions.map((s) => s.id);
    const [examRows, participants, memos, sheet] = await Promise.all([
      q.examsOfSessions(sessionIds),
      lectures.participation.participantsOfMany(sessionIds),
      lectures.participation.memosOf(anchor.id),
      q.sheetMemo(anchor.id),
    ]);
    examRows.sort((a, b) => order.get(a.weeklyLectureId)! - order.get(b.weeklyLectureId)! || a.seq - b.seq);
    const examIds = examRows.map((e) => e.id);
    const studentIds = new Set<number>();
    for (const ids of participants.values()) for (const id of ids) studentIds.add(id);
    const [scoreRows, liveLocks, names, examList] = await Promise.all([
      q.gridScores(examIds),
      locks.activeOf(examIds),
      users.directory([...studentIds]),
      // The takers are counted below from the scores read here.
      mapExams(q, examRows, { takers: new Map() }),
    ]);
    const examById = new Map(examList.map((e) => [e.id, e]));
    for (const s of scoreRows) if (s.status === 'taken' && s.first !== null) examById.get(s.examId)!.takers += 1;
    const col = new Map(examIds.map((id, i) => [id, i]));
    const rows = new Map<number, GridRow>();
    const n = examIds.length;
    for (const userId of studentIds) {
      const who = names.get(userId);
      rows.set(userId, {
        userId, name: who?.name ?? '', loginId: who?.loginId ?? '', studentMemo: memos.get(userId) ?? null,
        first: new Array(n).fill(null), retake: new Array(n).fill(null), status: new Array(n).fill(null), clinic: new Array(n).fill(null),
        delivery: new Array(n).fill(null), grade: new Array(n).fill(null), memo: new Array(n).fill(null), hasAnswers: new Array(n).fill(false), version: new Array(n).fill(0),
      });
    }
    // Participants have a cell (empty until written); everyone else's columns stay null.
    examRows.forEach((e, i) => {
      for (const userId of participants.get(e.weeklyLectureId) ?? []) {
        const r = rows.get(userId)!;
        r.status[i] = 'not_taken';
        r.clinic[i] = 'none';
        r.delivery[i] = 'none';
      }
    });
    for (const s of scoreRows) {
      const r = rows.get(s.userId);
      const i = col.get(s.examId);
      if (!r || i === undefined) continue;
      r.first[i] = s.first;
      r.retake[i] = s.retake;
      r.status[i] = s.status;
      r.clinic[i] = s.clinic;
      r.delivery[i] = s.delivery;
      r.grade[i] = s.grade;
      r.memo[i] = s.memo || null;
      r.hasAnswers[i] = s.hasAnswers;
      r.version[i] = s.version;
    }
    return {
      lecture: { id: lecture.id, name: lecture.name },
      weeklyLectures: sessions.map((s) => ({ id: s.id, title: s.title, date: s.date })),
      exams: examList,
      students: [...rows.values()].sort((a, b) => compareKorean(a.name, b.name) || a.userId - b.userId),
      locks: liveLocks,
      sheetMemo: sheet?.memo ?? '',
    };
  }

  return {
    grid,

    async excel(query: GridQuery): Promise<FileResult> {
      const g = await grid(query);
      type Row = (typeof g.students)[number];
      const graded = (e: (typeof g.exams)[number]) => e.gradeMode !== 'none';
      const columns: SheetColumn<Row>[] = [
        { header: '이름', width: 14, value: (s) => s.name },
        { header: '아이디', width: 14, value: (s) => s.loginId },
        ...g.exams.flatMap((e, i): SheetColumn<Row>[] => [
          { header: `${e.title} 1차`, value: (s) => s.first[i] },
          { header: `${e.title} 재시험`, value: (s) => s.retake[i] },
          { header: `${e.title} 상태`, value: (s) => (s.status[i] ? SCORE_STATUS_LABEL[s.status[i]!] : '-') },
          { header: `${e.title} 클리닉`, value: (s) => (s.clinic[i] ? CLINIC_STATUS_LABEL[s.clinic[i]!] : '-') },
          ...(graded(e) ? [{ header: `${e.title} 등급`, value: (s: Row) => s.grade[i] }] : []),
        ]),
      ];
      const averages = g.exams.flatMap((e, i) => {
        const taken = g.students.map((s) => (s.status[i] === 'taken' ? s.first[i] : null)).filter((v): v is number => v !== null);
        const avg = taken.length ? Math.round((taken.reduce((a, b) => a + b, 0) / taken.length) * 10) / 10 : null;
        return [avg, null, `${taken.length}명 응시`, null, ...(graded(e) ? [null] : [])];
      });
      const body = await writeSheet({ name: '성적표', columns, rows: g.students, footer: [['평균', '', ...averages]], frozenColumns: 2 });
      const title = g.weeklyLectures.length === 1 ? g.weeklyLectures[0]!.title : `${g.weeklyLectures[0]?.title ?? ''}-${g.weeklyLectures.at(-1)?.title ?? ''}`;
      return { body, fileName: `${g.lecture.name}_${title}_성적표.xlsx` };
    },

    async setStudentMemo(opts: { lectureId: number; weeklyLectureId: number; userId: number; memo: string; actorId: number }) {
      const session = await lectures.sessions.require({ weeklyLectureId: opts.weeklyLectureId, lectureId: opts.lectureId });
      return db.transaction(async () => {
        const before = (await lectures.participation.memosOf(session.id)).get(opts.userId);
        if (!(await lectures.participation.setMemo({ weeklyLectureId: session.id, userId: opts.userId, memo: opts.memo }))) {
          throw appError(EXAM_ERRORS.not_participant, '이 회차의 참여자가 아닙니다', { field: 'userId' });
        }
        await audit.record({ actorId: opts.actorId, action: 'weekly_lecture.student_memo', entity: 'weekly_lecture', entityId: session.id, before: { userId: opts.userId, memo: before ?? null }, after: { userId: opts.userId, memo: opts.memo } });
        await publishToGrid(ctx.realtime, session.lectureId, { type: 'studentMemo', data: { weeklyLectureId: session.id, userId: opts.userId, memo: opts.memo } });
        return { userId: opts.userId, memo: opts.memo };
      });
    },

    async setSheetMemo(opts: { lectureId: number; weeklyLectureId: number; memo: string; actorId: number }) {
      await lectures.sessions.require({ weeklyLectureId: opts.weeklyLectureId, lectureId: opts.lectureId });
      return db.transaction(async () => {
        const before = await q.sheetMemo(opts.weeklyLectureId);
        await q.saveSheetMemo({ weeklyLectureId: opts.weeklyLectureId, memo: opts.memo, updatedBy: opts.actorId, updatedAt: ctx.now() });
        await audit.record({ actorId: opts.actorId, action: 'score_sheet.memo', entity: 'weekly_lecture', entityId: opts.weeklyLectureId, before: before?.memo ?? null, after: opts.memo });
        return { memo: opts.memo };
      });
    },
  };
}
