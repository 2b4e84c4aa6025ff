/**
 * Student records under /students/{id}: consults (상담), memos (with pin) and 모의고사/내신 scores.
 * SPEC names these calls only ("consult, memo, memo-pin and actual-exam-score CRUD"); the URL
 * shapes are ours. Every request and reply, the error codes and one endpoint per call.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { ACTUAL_EXAM_TYPES, CONSULT_TYPES } from './students.ts';
import { idParam, isoDateSchema, text } from './validation.ts';

export const CONSULT_ERRORS = errorCodes('consults', { not_found: 404, counselor_unknown: 400 });
export const MEMO_ERRORS = errorCodes('memos', { not_found: 404 });
export const SCORE_ERRORS = errorCodes('actual_exam_scores', { not_found: 404 });

export const consultBody = z.object({
  consultedAt: z.iso.datetime({ offset: true }).describe('상담 일시 (ISO 8601)'),
  counselorId: idParam.nullable().optional().describe('상담한 직원 ID (비우면 작성자)'),
  consultType: z.enum(CONSULT_TYPES).describe('상담 유형'),
  content: text().trim().min(1, '상담 내용을 입력해 주세요').max(5000),
});
export type ConsultInput = z.infer<typeof consultBody>;
export const consultReply = z.object({
  id: z.number(),
  studentId: z.number(),
  consultedAt: text(),
  counselorId: z.number().nullable(),
  counselorName: text().nullable(),
  consultType: z.enum(CONSULT_TYPES),
  content: text(),
  createdAt: text(),
  updatedAt: text(),
});
export type Consult = z.infer<typeof consultReply>;

export const memoBody = z.object({ content: text().trim().min(1, '메모 내용을 입력해 주세요').max(2000) });
export const memoPinBody = z.object({ pinned: z.boolean().describe('true면 고정') });
export const memoReply = z.object({
  id: z.number(),
  studentId: z.number(),
  content: text(),
  isPinned: z.boolean(),
  pinnedAt: text().nullable(),
  createdByName: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type Memo = z.infer<typeof memoReply>;

export const actualExamScoreBody = z.object({
  examType: z.enum(ACTUAL_EXAM_TYPES).describe('모의고사 / 내신'),
  examName: text().trim().min(1, '시험 이름을 입력해 주세요').max(100),
  examDate: isoDateSchema,
  subject: text().trim().min(1, '과목을 입력해 주세요').max(30),
  rawScore: z.number().min(0).max(1000).nullable().optional().describe('원점수'),
  grade: z.number().int().min(1, '등급은 1~9 사이여야 합니다').max(9, '등급은 1~9 사이여야 합니다').nullable().optional().describe('등급 1–9'),
  percentile: z.number().min(0).max(100).nullable().optional().describe('백분위 0–100'),
});
export type ActualExamScoreInput = z.infer<typeof actualExamScoreBody>;
export const actualExamScoreReply = z.object({
  id: z.number(),
  studentId: z.number(),
  examType: z.enum(ACTUAL_EXAM_TYPES),
  examName: text(),
  examDate: text(),
  subject: text(),
  rawScore: z.number().nullable(),
  grade: z.number().nullable(),
  percentile: z.number().nullable(),
  createdAt: text(),
});
export type ActualExamScore = z.infer<typeof actualExamScoreReply>;

const deleted = z.object({ id: z.number() });
const tag = 'student-records';
const base = '/students/:id';
export const studentRecordsApi = {
  consults: endpoint({ method: 'GET', path: `${base}/consults`, tag, permission: 'TA', summary: '상담 기록 (최근 순)', reply: z.array(consultReply) }),
  createConsult: endpoint({ method: 'POST', path: `${base}/consults`, tag, permission: 'TA', summary: '상담 기록 추가', body: consultBody, reply: consultReply }),
  updateConsult: endpoint({ method: 'PUT', path: `${base}/consults/:consultId`, tag, permission: 'TA', summary: '상담 기록 수정', body: consultBody, reply: consultReply }),
  deleteConsult: endpoint({ method: 'DELETE', path: `${base}/consults/:consultId`, tag, permission: 'TA', summary: '상담 기록 삭제', reply: deleted }),

  memos: endpoint({ method: 'GET', path: `${base}/memos`, tag, permission: 'TA', summary: '학생 메모 (고정 먼저, 최신 순)', reply: z.array(memoReply) }),
  createMemo: endpoint({ method: 'POST', path: `${base}/memos`, tag, permission: 'TA', summary: '학생 메모 추가', body: memoBody, reply: memoReply }),
  updateMemo: endpoint({ method: 'PUT', path: `${base}/memos/:memoId`, tag, permission: 'TA', summary: '학생 메모 수정', body: memoBody, reply: memoReply }),
  pinMemo: endpoint({
    method: 'PUT', path: `${base}/memos/:memoId/pin`, tag, permission: 'TA',
    summary: '메모 고정/해제 (바뀐 메모 목록을 돌려줌)', body: memoPinBody, reply: z.array(memoReply),
  }),
  deleteMemo: endpoint({ method: 'DELETE', path: `${base}/memos/:memoId`, tag, permission: 'TA', summary: '학생 메모 삭제', reply: deleted }),

  scores: endpoint({ method: 'GET', path: `${base}/actual-exam-scores`, tag, permission: 'TA', summary: '모의고사·내신 성적 (시험일 순)', reply: z.array(actualExamScoreReply) }),
  createScore: endpoint({ method: 'POST', path: `${base}/actual-exam-scores`, tag, permission: 'TA', summary: '모의고사·내신 성적 추가', body: actualExamScoreBody, reply: actualExamScoreReply }),
  updateScore: endpoint({ method: 'PUT', path: `${base}/actual-exam-scores/:scoreId`, tag, permission: 'TA', summary: '모의고사·내신 성적 수정', body: actualExamScoreBody, reply: actualExamScoreReply }),
  deleteScore: endpoint({ method: 'DELETE', path: `${base}/actual-exam-scores/:scoreId`, tag, permission: 'TA', summary: '모의고사·내신 성적 삭제', reply: deleted }),
};
