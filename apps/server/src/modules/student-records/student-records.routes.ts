import { studentRecordsApi as api } from '@academy/contracts/student-records';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { createConsultService } from './consults.service.ts';
import type { createMemoService } from './memos.service.ts';
import type { createScoreService } from './scores.service.ts';

type Services = {
  consults: ReturnType<typeof createConsultService>;
  memos: ReturnType<typeof createMemoService>;
  scores: ReturnType<typeof createScoreService>;
};

/** Student records under /api/students/{id}: consults, memos (with pin) and actual exam scores. All are staff (TA) calls. */
export function studentRecordRoutes(app: FastifyInstance, { consults, memos, scores }: Services): void {
  route(app, api.consults, ({ params }) => consults.list(params.id));
  route(app, api.createConsult, ({ params, body, user }) => consults.create({ studentId: params.id, body, actorId: user.userId }));
  route(app, api.updateConsult, ({ params, body, user }) => consults.update({ studentId: params.id, consultId: params.consultId, body, actorId: user.userId }));
  route(app, api.deleteConsult, ({ params, user }) => consults.remove({ studentId: params.id, consultId: params.consultId, actorId: user.userId }));

  route(app, api.memos, ({ params }) => memos.list(params.id));
  route(app, api.createMemo, ({ params, body, user }) => memos.create({ studentId: params.id, content: body.content, actorId: user.userId }));
  route(app, api.updateMemo, ({ params, body, user }) => memos.update({ studentId: params.id, memoId: params.memoId, content: body.content, actorId: user.userId }));
  route(app, api.pinMemo, ({ params, body, user }) => memos.pin({ studentId: params.id, memoId: params.memoId, pinned: body.pinned, actorId: user.userId }));
  route(app, api.deleteMemo, ({ params, user }) => memos.remove({ studentId: params.id, memoId: params.memoId, actorId: user.userId }));

  route(app, api.scores, ({ params }) => scores.list(params.id));
  route(app, api.createScore, ({ params, body, user }) => scores.create({ studentId: params.id, body, actorId: user.userId }));
  route(app, api.updateScore, ({ params, body, user }) => scores.update({ studentId: params.id, scoreId: params.scoreId, body, actorId: user.userId }));
  route(app, api.deleteScore, ({ params, user }) => scores.remove({ studentId: params.id, scoreId: params.scoreId, actorId: user.userId }));
}
