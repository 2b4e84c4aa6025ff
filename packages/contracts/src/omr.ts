/**
 * OMR: the answer sheet a center prints for an exam and reads back from a scanner's PDF or a phone
 * photo. A *layout* is data (one JSON description drives both printing and reading); a *batch* is
 * one upload of files for an exam; a *sheet* is one page read from it, with the answers it holds,
 * the fill of every bubble and the questions a person must confirm before they become scores.
 */
import { z } from 'zod';
import { id, idParam, text } from './validation.ts';
import { downloadReply, endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { CLINIC_STATUSES } from './exams.ts';

// ─── layouts ────────────────────────────────────────────────────────────────────────────────────

const point = z.object({ x: z.number(), y: z.number() });
export type OmrPoint = z.infer<typeof point>;

/**
 * One atomic field: a row of choice bubbles (①–⑤), one digit column (0–9) of a numeric answer or
 * of the 수험번호, or any field of an imported template. `bubbles[i]` is the centre of the bubble
 * whose value is `values[i]`.
 */
export const omrField = z.object({
  id: text().min(1).max(80).describe('필드 이름 (q1, q12_2, id3 …)'),
  kind: z.enum(['choice', 'digit', 'other']),
  /** What the field answers: a question (its digit position for numeric answers), a digit of the 수험번호, or nothing we grade. */
  role: z.discriminatedUnion('type', [
    z.object({ type: z.literal('question'), no: z.number().int().min(1), digit: z.number().int().min(0).max(5).optional().describe('숫자 답의 자리 (0: 가장 높은 자리)'), digits: z.number().int().min(1).max(6).optional() }),
    z.object({ type: z.literal('id'), index: z.number().int().min(0).max(11) }),
    z.object({ type: z.literal('other') }),
  ]),
  values: z.array(text().max(20)).min(1).max(40),
  bubbles: z.array(point).min(1).max(40),
});
export type OmrField = z.infer<typeof omrField>;

/**
 * How the reader finds the page: our own corner markers (solid squares, plus a small orientation
 * square beside the top-left one), OMRChecker's marker image in the four corners, the paper's own
 * edges, or nothing (the image is the page, as a flatbed scan cut to the sheet).
 */
export const omrAnchor = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('squares'),
    size: z.number().positive().describe('표식 한 변'),
    centers: z.array(point).length(4).describe('왼쪽 위, 오른쪽 위, 오른쪽 아래, 왼쪽 아래 표식의 중심'),
    orientation: point.extend({ size: z.number().positive() }).describe('방향 표식 (왼쪽 위 표식 옆의 작은 사각형)'),
  }),
  z.object({ kind: z.literal('markerImage'), widthRatio: z.number().positive().describe('페이지 너비 ÷ 표식 너비 (OMRChecker sheetToMarkerWidthRatio)'), alsoCropPage: z.boolean() }),
  z.object({ kind: z.literal('page') }),
  z.object({ kind: z.literal('none') }),
]);
export type OmrAnchor = z.infer<typeof omrAnchor>;

export const omrLayout = z.object({
  version: z.literal(1),
  unit: z.enum(['mm', 'px']).describe('좌표 단위 (우리 답안지는 mm, 가져온 템플릿은 그 템플릿의 px)'),
  page: z.object({ width: z.number().positive(), height: z.number().positive() }),
  anchor: omrAnchor,
  bubble: z.object({ width: z.number().positive(), height: z.number().positive(), shape: z.enum(['ellipse', 'rect']) }),
  fields: z.array(omrField).max(2000),
  /** Where the pre-filled sheet's QR code sits (its top-left corner and side). */
  qr: point.extend({ size: z.number().positive() }).nullable(),
});
export type OmrLayout = z.infer<typeof omrLayout>;

/** A 수험번호 is 8 digits: 7 the product draws and a check digit (weights 3,1,3,1… like EAN) that catches a single wrong digit. */
export const CANDIDATE_NUMBER_LENGTH = 8;

export function candidateCheckDigit(first7: string): number {
  let sum = 0;
  for (let i = 0; i < first7.length; i++) sum += Number(first7[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

export function isValidCandidateNumber(n: string): boolean {
  return /^\d{8}$/.test(n) && candidateCheckDigit(n.slice(0, 7)) === Number(n[7]);
}

/** What a pre-filled sheet's QR code carries: the exam and the student. */
export const QR_PREFIX = 'ACOMR1';
export const qrPayload = (o: { examId: number; userId: number }) => `${QR_PREFIX}:${o.examId}:${o.userId}`;
export function parseQrPayload(text: string): { examId: number; userId: number } | null {
  const m = /^ACOMR1:(\d{1,9}):(\d{1,9})$/.exec(text.trim());
  return m ? { examId: Number(m[1]), userId: Number(m[2]) } : null;
}

// ─── batches, sheets, confirmation ──────────────────────────────────────────────────────────────

export const OMR_ERRORS = errorCodes('omr', {
  batch_not_found: 404,
  sheet_not_found: 404,
  layout_invalid: 400,
  no_questions: 400,
  answer_invalid: 400,
  student_invalid: 400,
  not_reviewed: 409,
  already_applied: 409,
  busy: 409,
  choice_required: 409,
});

export const OMR_BATCH_STATUSES = ['queued', 'reading', 'review', 'done', 'failed'] as const;
export type OmrBatchStatus = (typeof OMR_BATCH_STATUSES)[number];
export const OMR_BATCH_STATUS_LABEL: Record<OmrBatchStatus, string> = { queued: '대기 중', reading: '읽는 중', review: '확인 필요', done: '반영 완료', failed: '실패' };

/**
 * A sheet is `unreadable` (no page found: a person looks), `review` (doubtful marks or no student yet), `ready`,
 * `applied` (its answers are the score) or `kept` (the student already had a different score and the TA kept it).
 */
export const OMR_SHEET_STATUSES = ['unreadable', 'review', 'ready', 'applied', 'kept'] as const;
export type OmrSheetStatus = (typeof OMR_SHEET_STATUSES)[number];
export const OMR_SHEET_STATUS_LABEL: Record<OmrSheetStatus, string> = { unreadable: '읽지 못함', review: '확인 필요', ready: '반영 대기', applied: '반영됨', kept: '기존 점수 유지' };

export const OMR_ID_SOURCES = ['qr', 'number', 'manual'] as const;
export type OmrIdSource = (typeof OMR_ID_SOURCES)[number];

export const omrBatch = z.object({
  id: z.number(),
  examId: z.number(),
  lectureId: z.number(),
  weeklyLectureId: z.number(),
  status: z.enum(OMR_BATCH_STATUSES),
  files: z.array(z.object({ id: z.number(), fileName: text() })),
  total: z.number().describe('읽을 페이지 수 (파일을 다 열기 전에는 0)'),
  done: z.number().describe('읽은 페이지 수'),
  sheets: z.object({ unreadable: z.number(), review: z.number(), ready: z.number(), applied: z.number(), kept: z.number() }),
  flaggedQuestions: z.number().describe('사람이 확인할 문항 수 (확인 안 한 것)'),
  error: text().nullable(),
  createdAt: text(),
  createdByName: text().nullable(),
});
export type OmrBatch = z.infer<typeof omrBatch>;

export const omrQuestion = z.object({
  no: z.number(),
  answer: text().nullable().describe('읽은 답 (확인했으면 확인한 답). "2,4"는 두 개 표기'),
  read: text().nullable().describe('처음 읽은 답'),
  flagged: z.boolean().describe('확인이 필요했던 문항'),
  confirmed: z.boolean(),
  fields: z.array(text()),
});
export type OmrQuestion = z.infer<typeof omrQuestion>;

export const omrFieldRead = z.object({
  id: text(),
  marked: z.array(text()),
  fills: z.array(z.number()).describe('칸마다 칠한 정도 (0 빈칸 … 1 이 답안지의 보통 표기)'),
  status: z.enum(['ok', 'blank', 'multiple', 'doubtful']),
  notes: z.array(z.enum(['light', 'erased', 'partial', 'gap'])),
  confidence: z.number(),
  flagged: z.boolean(),
  dx: z.number(),
  dy: z.number(),
});

export const omrSheetSummary = z.object({
  id: z.number(),
  batchId: z.number(),
  fileId: z.number(),
  fileName: text(),
  page: z.number().describe('파일 안의 쪽 (1부터)'),
  status: z.enum(OMR_SHEET_STATUSES),
  reason: text().nullable().describe('읽지 못했거나 확인이 필요한 이유'),
  userId: z.number().nullable(),
  studentName: text().nullable(),
  candidateNumber: text().nullable().describe('칠한 수험번호'),
  idSource: z.enum(OMR_ID_SOURCES).nullable(),
  flagged: z.array(z.number()).describe('확인할 문항 번호 (확인 안 한 것)'),
  score: z.number().nullable().describe('정답으로 채점한 점수 (미리보기)'),
});
export type OmrSheetSummary = z.infer<typeof omrSheetSummary>;

export const omrSheet = omrSheetSummary.extend({
  examId: z.number(),
  questions: z.array(omrQuestion),
  fields: z.array(omrFieldRead),
  imageUrl: text().nullable().describe('바르게 편 답안지 이미지 (5분 동안 열리는 주소)'),
  originalUrl: text().nullable().describe('원본 파일 (PDF면 그 쪽을 봅니다)'),
  scale: z.number().nullable().describe('바르게 편 이미지의 mm당 픽셀'),
  layout: omrLayout,
});
export type OmrSheet = z.infer<typeof omrSheet>;

export const omrBatchDetail = omrBatch.extend({ sheetList: z.array(omrSheetSummary) });
export type OmrBatchDetail = z.infer<typeof omrBatchDetail>;

export const omrCandidate = z.object({ userId: z.number(), name: text(), loginId: text(), candidateNumber: text() });
export const omrExamSheet = z.object({
  examId: z.number(),
  lectureId: z.number(),
  weeklyLectureId: z.number(),
  title: text(),
  questionCount: z.number(),
  omitted: z.array(z.number()).describe('답안지에 칸이 없는 주관식 (숫자 0–999가 아닌 답): 직접 입력'),
  layout: omrLayout,
  candidates: z.array(omrCandidate).describe('회차 참여 학생과 수험번호'),
});
export type OmrExamSheet = z.infer<typeof omrExamSheet>;

const answerText = text().trim().max(30).nullable();
export const confirmBody = z.object({
  answers: z.array(z.object({ no: z.number().int().min(1).max(200).describe('문항 번호'), answer: answerText.describe('확인한 답 (null: 빈칸)') })).max(200).default([]),
  userId: id.optional().describe('이 답안지의 학생 (수험번호를 못 읽었을 때)'),
});

/**
 * What "점수로 반영" would do to each ready sheet's student: the score the grid holds now (typed or from
 * an earlier sheet) with its clinic state, and the score the sheet grades to. A sheet whose student
 * already has a different score waits for the TA's choice; the others are simply written.
 */
export const omrApplyItem = z.object({
  sheetId: z.number(),
  userId: z.number(),
  studentName: text(),
  currentScore: z.number().nullable().describe('지금 성적표의 1차 점수 (없으면 null)'),
  currentClinic: z.enum(CLINIC_STATUSES).describe('지금 클리닉 상태'),
  omrScore: z.number().describe('답안지로 채점한 점수'),
  differs: z.boolean().describe('이미 다른 점수가 있어 선택이 필요함'),
});
export type OmrApplyItem = z.infer<typeof omrApplyItem>;
export const omrApplyPreview = z.object({ batchId: z.number(), maxScore: z.number(), cutline: z.number().nullable(), items: z.array(omrApplyItem) });
export type OmrApplyPreview = z.infer<typeof omrApplyPreview>;

export const OMR_APPLY_CHOICES = ['omr', 'current'] as const;
export type OmrApplyChoice = (typeof OMR_APPLY_CHOICES)[number];
export const applyBody = z.object({
  choices: z
    .array(z.object({
      sheetId: id.describe('답안지 ID'),
      use: z.enum(OMR_APPLY_CHOICES, { error: '반영할 점수는 omr(OMR 점수)이나 current(기존 점수) 중 하나여야 합니다' }).describe('omr: OMR 점수로 바꿈, current: 기존 점수 유지'),
    }))
    .max(2000)
    .default([])
    .describe('기존 점수와 다른 답안지마다의 선택'),
});
export const omrApplyResult = z.object({
  applied: z.number().describe('점수로 반영한 답안지'),
  kept: z.number().describe('기존 점수를 유지한 답안지'),
  remaining: z.number().describe('아직 확인이 필요한 답안지'),
});

const wlBase = '/lectures/:id/weekly-lectures/:wlId';
const tag = 'omr';
export const omrApi = {
  exam: endpoint({ method: 'GET', path: '/wl-exam/:examId/omr', tag, permission: 'TA', summary: 'OMR 답안지 배치와 참여 학생의 수험번호', reply: omrExamSheet }),
  sheetPdf: endpoint({
    method: 'GET', path: '/wl-exam/:examId/omr/sheets.pdf', tag, permission: 'TA',
    summary: 'OMR 답안지 인쇄용 PDF (A4)',
    query: z.object({
      mode: z.enum(['blank', 'students']).default('students').describe('blank: 빈 답안지 (학생이 수험번호 표기), students: 참여 학생마다 이름과 QR이 인쇄된 답안지'),
      copies: z.coerce.number().int().min(1, '1장 이상').max(500, '한 번에 500장까지').default(30).describe('빈 답안지 장수'),
    }),
    reply: downloadReply('application/pdf'),
  }),
  start: endpoint({
    method: 'POST', path: `${wlBase}/grade-omr`, tag, permission: 'TA',
    summary: 'OMR 채점 시작 (올린 스캔 PDF·사진을 읽음; 진행은 실시간 채널 lecture:<id>의 omr 이벤트)',
    body: z.object({ examId: id.describe('시험 ID'), fileIds: z.array(id).min(1, 'OMR 파일을 하나 이상 올려 주세요').max(50).describe('kind=omr로 올린 파일') }),
    reply: omrBatch,
  }),
  list: endpoint({ method: 'GET', path: `${wlBase}/grade-omr`, tag, permission: 'TA', summary: '이 회차의 OMR 채점 목록', reply: z.array(omrBatch) }),
  batch: endpoint({ method: 'GET', path: '/omr/batches/:batchId', tag, permission: 'TA', summary: 'OMR 채점 한 건 (답안지 목록)', reply: omrBatchDetail }),
  sheet: endpoint({ method: 'GET', path: '/omr/sheets/:sheetId', tag, permission: 'TA', summary: '답안지 한 장 (읽은 값, 칸마다 칠한 정도, 이미지)', reply: omrSheet }),
  confirm: endpoint({ method: 'PUT', path: '/omr/sheets/:sheetId/confirm', tag, permission: 'TA', summary: '확인한 답과 학생 저장 (아직 점수는 바뀌지 않음)', body: confirmBody, reply: omrSheetSummary }),
  applyPreview: endpoint({
    method: 'GET', path: '/omr/batches/:batchId/apply', tag, permission: 'TA',
    summary: '점수로 반영하기 전에: 답안지마다 지금 점수·클리닉 상태와 OMR 점수',
    reply: omrApplyPreview,
  }),
  apply: endpoint({
    method: 'POST', path: '/omr/batches/:batchId/apply', tag, permission: 'TA',
    summary: '확인이 끝난 답안지를 점수로 반영 (정답으로 채점, 감사 기록). 이미 다른 점수가 있는 학생은 choices로 고른 대로 (없으면 409 omr.choice_required)',
    body: applyBody,
    reply: omrApplyResult,
  }),
  scoreSheet: endpoint({
    method: 'GET', path: '/wl-score/:examId/:userId/omr', tag, permission: 'TA', summary: '성적 칸의 OMR 답안지',
    params: z.object({ examId: idParam.describe('시험 ID'), userId: idParam.describe('학생 ID') }),
    reply: omrSheet,
  }),
};

/** Realtime event on `lecture:<id>`: a batch's progress and status as it is read. */
export const omrEvents = {
  omr: z.object({ batchId: z.number(), examId: z.number(), status: z.enum(OMR_BATCH_STATUSES), done: z.number(), total: z.number() }),
};
