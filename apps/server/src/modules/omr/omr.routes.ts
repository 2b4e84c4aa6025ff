import { scoresApi, wlExamApi } from '@academy/contracts/exams';
import { omrApi } from '@academy/contracts/omr';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { createApplyService } from './apply.service.ts';
import type { BatchService } from './batches.service.ts';
import type { PrintService } from './print.service.ts';
import type { createReviewService } from './review.service.ts';

type Services = { print: PrintService; batches: BatchService; review: ReturnType<typeof createReviewService>; apply: ReturnType<typeof createApplyService> };

/** Every OMR route, including the two OMR calls the exams contracts declare (they act on sheets this module owns). */
export function omrRoutes(app: FastifyInstance, s: Services): void {
  const actor = (user: { userId: number }) => ({ id: user.userId });

  route(app, omrApi.exam, ({ params }) => s.print.examSheet(params.examId));
  route(app, omrApi.sheetPdf, async ({ params, query }) => {
    const pdf = await s.print.pdf({ examId: params.examId, mode: query.mode, copies: query.copies });
    return { body: Buffer.from(pdf.body), fileName: pdf.fileName, contentType: 'application/pdf' };
  });
  route(app, omrApi.start, ({ params, body, user }) => s.batches.start({ lectureId: params.id, weeklyLectureId: params.wlId, examId: body.examId, fileIds: body.fileIds, actor: actor(user) }));
  route(app, omrApi.list, ({ params }) => s.batches.list({ lectureId: params.id, weeklyLectureId: params.wlId }));
  route(app, omrApi.batch, ({ params }) => s.batches.detail(params.batchId));
  route(app, omrApi.sheet, ({ params }) => s.review.sheet(params.sheetId));
  route(app, omrApi.confirm, ({ params, body, user }) => s.review.confirm({ sheetId: params.sheetId, answers: body.answers, userId: body.userId, actor: actor(user) }));
  route(app, omrApi.applyPreview, ({ params }) => s.apply.preview(params.batchId));
  route(app, omrApi.apply, ({ params, body, user }) => s.apply.apply({ batchId: params.batchId, choices: body.choices, actor: actor(user) }));
  route(app, omrApi.scoreSheet, ({ params }) => s.review.scoreSheet(params));
  route(app, scoresApi.deleteOmr, ({ params, user }) => s.review.deleteScoreSheet({ examId: params.examId, userId: params.userId, actor: actor(user) }));
  route(app, wlExamApi.deleteOmrFiles, ({ params, user }) => s.review.deleteExamFiles({ examId: params.examId, actor: actor(user) }));
}
