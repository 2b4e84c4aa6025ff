import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actualExamScoreBody, actualExamScoreReply, consultBody, consultReply, memoBody, memoPinBody, memoReply } from '@academy/contracts/students';
import { idParam } from '@academy/contracts/validation';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createStudentRecordsService } from './student-records.service.ts';

const tags = ['student-records'];
const studentParams = z.object({ id: idParam });
const deleted = z.object({ id: z.number() });

/**
 * Student records under /api/students/{id}: consults, memos (with pin) and actual exam scores.
 * SPEC names these calls only ("consult, memo, memo-pin and actual-exam-score CRUD"); the URL
 * shapes are ours and documented in docs. All are staff (TA) calls.
 */
export function studentRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createStudentRecordsService(ctx);
  const actor = (req: Parameters<typeof requireUser>[0]) => requireUser(req).userId;

  // Consults
  r.get('/api/students/:id/consults', {
    config: { permission: 'TA' },
    schema: { tags, summary: '상담 기록 (최근 순)', params: studentParams, response: { 200: z.array(consultReply) } },
  }, (req) => svc.listConsults(req.params.id));
  r.post('/api/students/:id/consults', {
    config: { permission: 'TA' },
    schema: { tags, summary: '상담 기록 추가', params: studentParams, body: consultBody, response: { 200: consultReply } },
  }, (req) => svc.createConsult({ studentId: req.params.id, body: req.body, actorId: actor(req) }));
  r.put('/api/students/:id/consults/:consultId', {
    config: { permission: 'TA' },
    schema: { tags, summary: '상담 기록 수정', params: studentParams.extend({ consultId: idParam }), body: consultBody, response: { 200: consultReply } },
  }, (req) => svc.updateConsult({ studentId: req.params.id, consultId: req.params.consultId, body: req.body, actorId: actor(req) }));
  r.delete('/api/students/:id/consults/:consultId', {
    config: { permission: 'TA' },
    schema: { tags, summary: '상담 기록 삭제', params: studentParams.extend({ consultId: idParam }), response: { 200: deleted } },
  }, (req) => svc.deleteConsult({ studentId: req.params.id, consultId: req.params.consultId, actorId: actor(req) }));

  // Memos
  r.get('/api/students/:id/memos', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 메모 (고정 먼저, 최신 순)', params: studentParams, response: { 200: z.array(memoReply) } },
  }, (req) => svc.listMemos(req.params.id));
  r.post('/api/students/:id/memos', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 메모 추가', params: studentParams, body: memoBody, response: { 200: memoReply } },
  }, (req) => svc.createMemo({ studentId: req.params.id, content: req.body.content, actorId: actor(req) }));
  r.put('/api/students/:id/memos/:memoId', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 메모 수정', params: studentParams.extend({ memoId: idParam }), body: memoBody, response: { 200: memoReply } },
  }, (req) => svc.updateMemo({ studentId: req.params.id, memoId: req.params.memoId, content: req.body.content, actorId: actor(req) }));
  r.put('/api/students/:id/memos/:memoId/pin', {
    config: { permission: 'TA' },
    schema: { tags, summary: '메모 고정/해제 (바뀐 메모 목록을 돌려줌)', params: studentParams.extend({ memoId: idParam }), body: memoPinBody, response: { 200: z.array(memoReply) } },
  }, (req) => svc.pinMemo({ studentId: req.params.id, memoId: req.params.memoId, pinned: req.body.pinned, actorId: actor(req) }));
  r.delete('/api/students/:id/memos/:memoId', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 메모 삭제', params: studentParams.extend({ memoId: idParam }), response: { 200: deleted } },
  }, (req) => svc.deleteMemo({ studentId: req.params.id, memoId: req.params.memoId, actorId: actor(req) }));

  // Actual exam scores
  r.get('/api/students/:id/actual-exam-scores', {
    config: { permission: 'TA' },
    schema: { tags, summary: '모의고사·내신 성적 (시험일 순)', params: studentParams, response: { 200: z.array(actualExamScoreReply) } },
  }, (req) => svc.listScores(req.params.id));
  r.post('/api/students/:id/actual-exam-scores', {
    config: { permission: 'TA' },
    schema: { tags, summary: '모의고사·내신 성적 추가', params: studentParams, body: actualExamScoreBody, response: { 200: actualExamScoreReply } },
  }, (req) => svc.createScore({ studentId: req.params.id, body: req.body, actorId: actor(req) }));
  r.put('/api/students/:id/actual-exam-scores/:scoreId', {
    config: { permission: 'TA' },
    schema: { tags, summary: '모의고사·내신 성적 수정', params: studentParams.extend({ scoreId: idParam }), body: actualExamScoreBody, response: { 200: actualExamScoreReply } },
  }, (req) => svc.updateScore({ studentId: req.params.id, scoreId: req.params.scoreId, body: req.body, actorId: actor(req) }));
  r.delete('/api/students/:id/actual-exam-scores/:scoreId', {
    config: { permission: 'TA' },
    schema: { tags, summary: '모의고사·내신 성적 삭제', params: studentParams.extend({ scoreId: idParam }), response: { 200: deleted } },
  }, (req) => svc.deleteScore({ studentId: req.params.id, scoreId: req.params.scoreId, actorId: actor(req) }));
}
