import { examsApi, examTemplatesApi, portalExamsApi, retakesApi, scoreLinkApi, scoresApi, wlExamApi } from '@academy/contracts/exams';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import type { AppContext } from '../../context.ts';
import type { createExamService } from './exams.service.ts';
import type { ExcelService } from './excel.service.ts';
import type { createGridService } from './grid.service.ts';
import type { createScoreLinkService } from './links.service.ts';
import type { LockService } from './locks.service.ts';
import type { createResultService } from './results.service.ts';
import type { createRetakeService } from './retakes.service.ts';
import type { ScoringService } from './scoring.service.ts';
import type { createStatisticsService } from './statistics.service.ts';
import type { createTemplateService } from './templates.service.ts';

type Services = {
  ctx: AppContext;
  templates: ReturnType<typeof createTemplateService>;
  exams: ReturnType<typeof createExamService>;
  scoring: ScoringService;
  locks: LockService;
  grid: ReturnType<typeof createGridService>;
  statistics: ReturnType<typeof createStatisticsService>;
  retakes: ReturnType<typeof createRetakeService>;
  excel: ExcelService;
  results: ReturnType<typeof createResultService>;
  links: ReturnType<typeof createScoreLinkService>;
};

/**
 * Every route of the exams module: the endpoint declared in contracts → one service call. The two
 * OMR calls of these contracts (`wlExamApi.deleteOmrFiles`, `scoresApi.deleteOmr`) are served by
 * the omr module, which owns the sheets.
 */
export function examRoutes(app: FastifyInstance, s: Services): void {
  const actor = (user: { userId: number }) => ({ id: user.userId });

  route(app, examTemplatesApi.get, ({ params }) => s.templates.get(params.id));
  route(app, examTemplatesApi.create, ({ body, user }) => s.templates.create({ input: body, actorId: user.userId }));
  route(app, examTemplatesApi.update, ({ params, body, user }) => s.templates.update({ id: params.id, input: body, actorId: user.userId }));
  route(app, examTemplatesApi.delete, ({ params, user }) => s.templates.delete({ id: params.id, actorId: user.userId }));

  route(app, examsApi.list, ({ params }) => s.exams.list({ lectureId: params.id, weeklyLectureId: params.wlId }));
  route(app, examsApi.create, ({ params, body, user }) => s.exams.create({ lectureId: params.id, weeklyLectureId: params.wlId, input: body, actor: actor(user) }));
  route(app, examsApi.update, ({ params, body, user }) => s.exams.update({ weeklyLectureId: params.wlId, examId: params.examId, settings: body, actor: actor(user) }));
  route(app, examsApi.delete, ({ params, user }) => s.exams.delete({ weeklyLectureId: params.wlId, examId: params.examId, actor: actor(user) }));
  route(app, examsApi.setCutline, ({ params, body, user }) => s.exams.setCutline({ weeklyLectureId: params.wlId, examId: params.examId, cutline: body.cutline, actor: actor(user) }));
  route(app, examsApi.grid, ({ params }) => s.grid.grid({ lectureId: params.id, weeklyLectureId: params.wlId }));
  route(app, examsApi.gridRange, ({ params, query }) => s.grid.grid({ lectureId: params.id, weeklyLectureId: params.wlId, from: query.from, to: query.to }));
  route(app, examsApi.gridExcel, ({ params, query }) => s.grid.excel({ lectureId: params.id, weeklyLectureId: params.wlId, from: query.from, to: query.to }));
  route(app, examsApi.studentMemo, ({ params, body, user }) => s.grid.setStudentMemo({ lectureId: params.id, weeklyLectureId: params.wlId, userId: body.userId, memo: body.memo, actorId: user.userId }));
  route(app, examsApi.scoreMemo, ({ body, user }) => s.scoring.setMemo({ examId: body.examId, userId: body.userId, memo: body.memo, version: body.version, actor: actor(user) }));
  route(app, examsApi.sheetMemo, ({ params, body, user }) => s.grid.setSheetMemo({ lectureId: params.id, weeklyLectureId: params.wlId, memo: body.memo, actorId: user.userId }));

  route(app, wlExamApi.get, ({ params }) => s.exams.get(params.examId));
  route(app, wlExamApi.setAnswers, ({ params, body, user }) => s.exams.setAnswers({ examId: params.examId, questions: body.questions, actor: actor(user) }));
  route(app, wlExamApi.answersExcel, async ({ params, upload, user }) => s.exams.setAnswers({ examId: params.examId, questions: await s.excel.readAnswerKey(upload.buffer), actor: actor(user) }));
  route(app, wlExamApi.scoresExcel, ({ params, body, upload, user }) => s.excel.importScores({ examId: params.examId, buffer: upload.buffer, dryRun: body.dryRun === 'true', actor: actor(user) }));
  route(app, wlExamApi.scoresTemplate, ({ params }) => s.excel.scoresTemplate(params.examId));
  route(app, wlExamApi.copy, ({ params, body, user }) => s.exams.copy({ examId: params.examId, weeklyLectureIds: body.weeklyLectureIds, link: body.link, actor: actor(user) }));
  route(app, wlExamApi.regrade, ({ params, user }) => s.exams.regrade({ examId: params.examId, actor: actor(user) }));
  route(app, wlExamApi.changeSequence, ({ body, user }) => s.exams.changeSequence({ ids: body.ids, actor: actor(user) }));
  route(app, wlExamApi.coreInfo, ({ params, body, user }) => s.exams.update({ examId: params.examId, settings: body, actor: actor(user) }));
  route(app, wlExamApi.link, ({ params, body, user }) => s.exams.link({ examId: params.examId, examIds: body.examIds, actor: actor(user) }));
  route(app, wlExamApi.unlink, ({ params, user }) => s.exams.unlink({ examId: params.examId, actor: actor(user) }));
  route(app, wlExamApi.readyToShow, ({ params, body, user }) =>
    s.exams.setReadyToShow({ examId: params.examId, readyToShow: body.readyToShow, actor: actor(user), origin: publicOrigin(s.ctx) }));
  route(app, wlExamApi.statistics, ({ params, query }) => s.statistics.of({ examId: params.examId, scope: query.scope }));
  route(app, wlExamApi.scoreLinks, ({ params, body, user }) =>
    s.links.create({ examId: params.examId, userIds: body.userIds, sendSms: body.sendSms, expiresInDays: body.expiresInDays, origin: publicOrigin(s.ctx), actor: actor(user) }));

  route(app, retakesApi.list, ({ query }) => s.retakes.list({ examId: query.examId }));
  route(app, retakesApi.create, ({ body, user }) => s.retakes.create({ input: body, actor: actor(user) }));
  route(app, retakesApi.update, ({ params, body, user }) => s.retakes.update({ id: params.retakeId, input: body, actor: actor(user) }));
  route(app, retakesApi.delete, ({ params, user }) => s.retakes.delete({ id: params.retakeId, actor: actor(user) }));
  route(app, retakesApi.map, ({ params, user }) => s.retakes.map({ id: params.retakeId, examId: params.examId, actor: actor(user) }));
  route(app, retakesApi.answersExcel, async ({ params, upload, user }) => s.retakes.setAnswers({ id: params.retakeId, questions: await s.excel.readAnswerKey(upload.buffer), actor: actor(user) }));

  route(app, scoresApi.get, ({ params }) => s.scoring.get(params));
  route(app, scoresApi.history, ({ params }) => s.scoring.history(params));
  route(app, scoresApi.setValue, ({ params, body, user }) => s.scoring.setValue({ ...params, ...body, actor: actor(user) }));
  route(app, scoresApi.setMemo, ({ params, body, user }) => s.scoring.setMemo({ ...params, ...body, actor: actor(user) }));
  route(app, scoresApi.setDelivery, ({ params, user }) => s.scoring.setDelivery({ ...params, actor: actor(user) }));
  route(app, scoresApi.setClinic, ({ params, user }) => s.scoring.setClinic({ ...params, actor: actor(user) }));
  route(app, scoresApi.setStatus, ({ params, user }) => s.scoring.setStatus({ ...params, actor: actor(user) }));
  route(app, scoresApi.setGrade, ({ params, body, user }) => s.scoring.setGrade({ ...params, ...body, actor: actor(user) }));
  route(app, scoresApi.manualEntry, ({ params, body, user }) => s.scoring.manualEntry({ ...params, ...body, actor: actor(user) }));
  route(app, scoresApi.retake, ({ params, body, user }) => s.scoring.retake({ ...params, ...body, actor: actor(user) }));
  route(app, scoresApi.lock, ({ params, user }) => s.locks.request({ ...params, actor: actor(user) }));
  route(app, scoresApi.unlock, ({ params, user }) => s.locks.release({ ...params, actor: actor(user) }));
  route(app, scoresApi.batch, ({ body, user }) => s.scoring.batch({ items: body.items, actor: actor(user) }));

  route(app, portalExamsApi.results, ({ user }) => s.results.mine(user.userId));
  route(app, portalExamsApi.result, ({ params, user }) => s.results.mineDetail({ userId: user.userId, examId: params.examId }));
  route(app, portalExamsApi.open, ({ user }) => s.results.openExams(user.userId));
  route(app, portalExamsApi.submit, ({ params, body, user }) => s.results.submit({ userId: user.userId, examId: params.examId, answers: body.answers }));

  route(app, scoreLinkApi.view, ({ params }) => s.links.view(params.token));
}
