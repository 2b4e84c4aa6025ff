/**
 * Weekly tests: exam templates, the exams of a session (WLE), scores (WLS) with their statuses,
 * locks and memos, retakes, statistics, the student's view and the parent's score link.
 *
 * Words used here: an *exam* is a test given in one session (weekly lecture); a *score* is one
 * student's result in one exam (a cell of the score grid); *first* is the 1차 result and *retake*
 * the 재시험 result; an exam is *released* (ready to show) when students may see it.
 */
import { z } from 'zod';
import { downloadReply, endpoint, multipartBody, XLSX_TYPE } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { linkDaysSchema, PUBLIC_LINK_MAX_DAYS } from './links.ts';
import { reportIssues, type RuleIssue } from './rules.ts';
import { idParam, isoDateSchema, text } from './validation.ts';

export const EXAM_ERRORS = errorCodes('exams', {
  not_found: 404,
  template_not_found: 404,
  retake_not_found: 404,
  score_not_found: 404,
  not_participant: 400,
  value_out_of_range: 400,
  answers_invalid: 400,
  no_answer_key: 400,
  cell_locked: 409,
  lock_not_held: 409,
  version_conflict: 409,
  sequence_invalid: 400,
  link_invalid: 400,
  not_released: 403,
  not_open: 409,
  excel_invalid: 400,
  excel_rows: 400,
  omr_not_found: 404,
});

// ─── vocabulary ─────────────────────────────────────────────────────────────────────────────────

export const SCORE_STATUSES = ['taken', 'not_taken', 'absent', 'exempt'] as const;
export type ScoreStatus = (typeof SCORE_STATUSES)[number];
export const SCORE_STATUS_LABEL: Record<ScoreStatus, string> = { taken: '응시', not_taken: '미응시', absent: '결시', exempt: '면제' };

export const CLINIC_STATUSES = ['none', 'required', 'booked', 'done', 'exempt'] as const;
export type ClinicStatus = (typeof CLINIC_STATUSES)[number];
export const CLINIC_STATUS_LABEL: Record<ClinicStatus, string> = { none: '해당없음', required: '클리닉대상', booked: '예약완료', done: '완료', exempt: '면제' };

export const DELIVERY_TYPES = ['none', 'sms', 'link', 'direct'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_TYPE_LABEL: Record<DeliveryType, string> = { none: '미발송', sms: '문자', link: '링크', direct: '직접전달' };

export const ATTEMPT_TYPES = ['first', 'retake'] as const;
export type AttemptType = (typeof ATTEMPT_TYPES)[number];

export const GRADE_MODES = ['none', 'relative9', 'relative5', 'cutoffs'] as const;
export type GradeMode = (typeof GRADE_MODES)[number];
export const GRADE_MODE_LABEL: Record<GradeMode, string> = { none: '등급 없음', relative9: '9등급 (상대평가)', relative5: '5등급 (내신)', cutoffs: '점수 구간' };

/** A lock on a score cell lasts this long without a keep-alive (the grid renews it every 20 s). */
export const SCORE_LOCK_TTL_MS = 60_000;
export const SCORE_LOCK_KEEPALIVE_MS = 20_000;

// ─── answer keys ────────────────────────────────────────────────────────────────────────────────

const questionNo = z.number().int().min(1).max(200).describe('문항 번호 (1부터)');
const points = z.number().min(0).max(100).describe('배점');
const questionTag = text().trim().max(30).nullish().describe('단원·유형 (분석용)');

export const questionSchema = z.discriminatedUnion('kind', [
  z.object({
    no: questionNo,
    kind: z.literal('choice').describe('5지선다 ①–⑤'),
    answer: z.array(z.number().int().min(1, '정답은 1~5 중에서 고릅니다').max(5, '정답은 1~5 중에서 고릅니다')).min(1, '정답을 하나 이상 지정해 주세요').max(5).describe('인정하는 정답 (복수 정답 가능)'),
    points,
    tag: questionTag,
  }),
  z.object({
    no: questionNo,
    kind: z.literal('short').describe('주관식 (숫자 또는 글자)'),
    answer: z.array(text().trim().min(1, '정답을 입력해 주세요').max(30)).min(1, '정답을 입력해 주세요').max(10).describe('인정하는 답 (여러 개 가능)'),
    points,
    tag: questionTag,
  }),
]);

/** Question numbers run 1, 2, 3 … in order, each once. */
export function questionIssues(questions: readonly { no: number }[], path: (string | number)[] = ['questions']): RuleIssue[] {
  const bad = questions.findIndex((q, i) => q.no !== i + 1);
  return bad === -1 ? [] : [{ path: [...path, bad, 'no'], code: EXAM_ERRORS.answers_invalid.code, message: `문항 번호는 1부터 차례대로여야 합니다 (${bad + 1}번째 문항이 ${questions[bad]!.no}번)` }];
}

export const questionsSchema = z
  .array(questionSchema)
  .max(200, '문항은 200개까지입니다')
  .superRefine((qs, ctx) => reportIssues(ctx, questionIssues(qs, [])))
  .describe('문항과 정답 (번호 순)');

/** A sheet's answers, one per question in order: "3" for a choice, the text for a short answer, null when blank. */
export const answersSchema = z.array(text().trim().max(30).nullable()).max(200).describe('문항 순서대로 답 (빈칸은 null)');

// ─── exam templates ─────────────────────────────────────────────────────────────────────────────

export const examTemplateBody = z.object({
  title: text().trim().min(1, '시험 이름을 입력해 주세요').max(100).describe('시험 이름'),
  subject: text().trim().max(30).nullish().describe('과목'),
  description: text().trim().max(1000).nullish().describe('설명'),
  questions: questionsSchema.refine((q) => q.length > 0, '문항을 하나 이상 입력해 주세요'),
});
export type ExamTemplateInput = z.input<typeof examTemplateBody>;

export const examTemplate = z.object({
  id: z.number(),
  title: text(),
  subject: text().nullable(),
  description: text().nullable(),
  questions: z.array(questionSchema),
  questionCount: z.number(),
  maxScore: z.number(),
  createdAt: text(),
  updatedAt: text(),
});
export type ExamTemplate = z.infer<typeof examTemplate>;
/** A row of the `examTemplates` GraphQL grid (its id is a GraphQL ID string). */
export type ExamTemplateRow = Pick<ExamTemplate, 'title' | 'subject' | 'questionCount' | 'maxScore' | 'createdAt' | 'updatedAt'> & { id: string };

const templateTag = 'exam-templates';
export const examTemplatesApi = {
  get: endpoint({ method: 'GET', path: '/exam-templates/:id', tag: templateTag, permission: 'TA', summary: '시험 템플릿 (문항과 정답)', reply: examTemplate }),
  create: endpoint({ method: 'POST', path: '/exam-templates', tag: templateTag, permission: 'TA', summary: '시험 템플릿 만들기', body: examTemplateBody, reply: examTemplate }),
  update: endpoint({ method: 'PUT', path: '/exam-templates/:id', tag: templateTag, permission: 'TA', summary: '시험 템플릿 수정 (이미 만든 시험에는 영향 없음)', body: examTemplateBody, reply: examTemplate }),
  delete: endpoint({ method: 'DELETE', path: '/exam-templates/:id', tag: templateTag, permission: 'ADMIN', summary: '시험 템플릿 삭제 (이미 만든 시험은 그대로)', reply: z.object({ id: z.number() }) }),
};

// ─── exams of a session (WLE) ───────────────────────────────────────────────────────────────────

const cutline = z.number().min(0).max(1000).nullable().describe('커트라인 (이 점수 미만은 클리닉 대상). null: 없음');
const gradeCutoffs = z.array(z.number().min(0).max(1000)).max(8).describe('점수 구간 등급의 경계 (높은 점수부터: [90, 80, 70] → 90↑ 1등급 …)');

function settingsIssues(v: { gradeMode?: GradeMode; gradeCutoffs?: number[] }): RuleIssue[] {
  if (v.gradeMode !== 'cutoffs') return [];
  const c = v.gradeCutoffs ?? [];
  if (c.length === 0) return [{ path: ['gradeCutoffs'], code: EXAM_ERRORS.answers_invalid.code, message: '점수 구간 등급에는 경계 점수가 하나 이상 필요합니다' }];
  if (c.some((x, i) => i > 0 && x >= c[i - 1]!)) return [{ path: ['gradeCutoffs'], code: EXAM_ERRORS.answers_invalid.code, message: '경계 점수는 높은 점수부터 차례대로 적어 주세요' }];
  return [];
}

export const examSettingsBody = z
  .object({
    title: text().trim().min(1, '시험 이름을 입력해 주세요').max(100).describe('시험 이름'),
    cutline: cutline.optional(),
    gradeMode: z.enum(GRADE_MODES).default('none').describe('등급: 없음, 9등급, 5등급(내신), 점수 구간'),
    gradeCutoffs: gradeCutoffs.default([]),
    onlineSubmission: z.boolean().default(false).describe('학생이 포털에서 답을 제출할 수 있는지'),
  })
  .superRefine((v, ctx) => reportIssues(ctx, settingsIssues(v)));

export const createExamBody = z
  .object({
    templateId: idParam.optional().describe('이 템플릿의 문항과 정답으로 만들기'),
    title: text().trim().min(1).max(100).optional().describe('시험 이름 (템플릿이면 비워도 됨)'),
    questions: questionsSchema.optional().describe('문항과 정답 (템플릿 없이 만들 때)'),
    maxScore: z.number().min(1).max(1000).optional().describe('정답 없이 점수만 입력하는 시험의 만점'),
    cutline: cutline.optional(),
    gradeMode: z.enum(GRADE_MODES).optional(),
    gradeCutoffs: gradeCutoffs.optional(),
    onlineSubmission: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.templateId === undefined && !v.title) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: '템플릿을 고르거나 시험 이름을 입력해 주세요' });
    }
    if (v.templateId === undefined && !(v.questions?.length) && v.maxScore === undefined) {
      ctx.addIssue({ code: 'custom', path: ['questions'], message: '정답을 입력하거나, 점수만 입력할 시험이면 만점을 정해 주세요' });
    }
    reportIssues(ctx, settingsIssues(v));
  });
export type CreateExamInput = z.input<typeof createExamBody>;
export type CreateExamBody = z.output<typeof createExamBody>;

export const examRetakeRef = z.object({ id: z.number(), title: text(), date: text().nullable() });

export const exam = z.object({
  id: z.number(),
  lectureId: z.number(),
  weeklyLectureId: z.number(),
  seq: z.number().describe('회차 안의 순서'),
  title: text(),
  templateId: z.number().nullable(),
  questionCount: z.number(),
  maxScore: z.number(),
  cutline: z.number().nullable(),
  gradeMode: z.enum(GRADE_MODES),
  gradeCutoffs: z.array(z.number()),
  readyToShow: z.boolean().describe('학생·학부모에게 공개됨'),
  onlineSubmission: z.boolean(),
  linkGroupId: z.number().nullable().describe('같은 시험을 본 다른 반 시험과 묶인 그룹'),
  linkedExamIds: z.array(z.number()),
  retakes: z.array(examRetakeRef),
  takers: z.number().describe('응시자 수'),
  createdAt: text(),
});
export type Exam = z.infer<typeof exam>;
export const examDetail = exam.extend({ questions: z.array(questionSchema) });
export type ExamDetail = z.infer<typeof examDetail>;

// ─── scores (WLS) and the grid ──────────────────────────────────────────────────────────────────

export const scoreCell = z.object({
  examId: z.number(),
  userId: z.number(),
  first: z.number().nullable().describe('1차 점수'),
  retake: z.number().nullable().describe('재시험 점수'),
  status: z.enum(SCORE_STATUSES),
  clinic: z.enum(CLINIC_STATUSES),
  delivery: z.enum(DELIVERY_TYPES),
  grade: z.number().nullable(),
  gradeManual: z.boolean().describe('등급을 직접 지정함'),
  memo: text(),
  answers: answersSchema.nullable().describe('1차 답안 (문항별)'),
  marks: text().nullable().describe("문항별 정오 ('1' 정답, '0' 오답)"),
  version: z.number().describe('고칠 때마다 1씩 늘어남 (동시 수정 확인용)'),
  updatedAt: text().nullable(),
  updatedByName: text().nullable(),
});
export type ScoreCell = z.infer<typeof scoreCell>;

export const scoreLock = z.object({
  examId: z.number(),
  userId: z.number(),
  holderId: z.number(),
  holderName: text(),
  expiresAt: text(),
});
export type ScoreLock = z.infer<typeof scoreLock>;

/**
 * The score grid: students × exams, one row per student with arrays aligned to `exams`. A null
 * status means the student is not a participant of that exam's session; version 0 means nothing
 * has been entered yet.
 */
export const gridRow = z.object({
  userId: z.number(),
  name: text(),
  loginId: text(),
  studentMemo: text().nullable().describe('이 회차의 학생 메모'),
  first: z.array(z.number().nullable()),
  retake: z.array(z.number().nullable()),
  status: z.array(z.enum(SCORE_STATUSES).nullable()),
  clinic: z.array(z.enum(CLINIC_STATUSES).nullable()),
  delivery: z.array(z.enum(DELIVERY_TYPES).nullable()),
  grade: z.array(z.number().nullable()),
  memo: z.array(text().nullable()),
  hasAnswers: z.array(z.boolean()),
  version: z.array(z.number()),
});
export type GridRow = z.infer<typeof gridRow>;

export const scoreGrid = z.object({
  lecture: z.object({ id: z.number(), name: text() }),
  weeklyLectures: z.array(z.object({ id: z.number(), title: text(), date: text() })),
  exams: z.array(exam),
  students: z.array(gridRow),
  locks: z.array(scoreLock),
  sheetMemo: text().describe('이 회차 성적표 메모'),
});
export type ScoreGrid = z.infer<typeof scoreGrid>;

const version = z.number().int().min(0).optional().describe('화면에 보인 버전 (다르면 409: 다른 사람이 먼저 고침)');
const scoreValue = z.number().min(0, '점수는 0 이상이어야 합니다').max(1000).nullable().describe('점수 (null: 지움)');

export const scoreValueBody = z.object({ scoreValue, attemptType: z.enum(ATTEMPT_TYPES).default('first').describe('first: 1차, retake: 재시험'), version });
export const scoreMemoBody = z.object({ memo: text().max(1000).describe('메모'), version });
export const gradeBody = z.object({ grade: z.number().int().min(1).max(9).nullable().describe('등급 (null: 자동으로 되돌림)'), version });
export const manualEntryBody = z.object({
  answers: answersSchema,
  attemptType: z.enum(ATTEMPT_TYPES).default('first'),
  retakeId: idParam.optional().describe('재시험 문제로 채점할 때'),
  version,
});
export const retakeScoreBody = z
  .object({ scoreValue: scoreValue.optional(), answers: answersSchema.optional(), retakeId: idParam.optional(), version })
  .refine((v) => v.scoreValue !== undefined || v.answers !== undefined, { message: '재시험 점수나 답안을 입력해 주세요', path: ['scoreValue'] });

export const batchItem = z
  .object({
    examId: idParam,
    userId: idParam,
    scoreValue: scoreValue.optional(),
    attemptType: z.enum(ATTEMPT_TYPES).optional(),
    status: z.enum(SCORE_STATUSES).optional(),
    version,
  })
  .refine((v) => v.scoreValue !== undefined || v.status !== undefined, { message: '점수나 상태를 지정해 주세요', path: ['scoreValue'] });
export const batchBody = z.object({ items: z.array(batchItem).min(1).max(5000).describe('바꿀 칸 (모두 바뀌거나 하나도 안 바뀜)') });

const cellParams = z.object({ examId: idParam.describe('시험 ID'), userId: idParam.describe('학생 ID') });

export const scoreHistoryEntry = z.object({ at: text(), actorName: text().nullable(), action: text(), before: z.unknown(), after: z.unknown() });

// ─── statistics ─────────────────────────────────────────────────────────────────────────────────

export const examStatistics = z.object({
  scope: z.enum(['exam', 'group']).describe('이 시험만, 또는 묶인 시험 전체'),
  examIds: z.array(z.number()),
  maxScore: z.number(),
  cutline: z.number().nullable(),
  takers: z.number(),
  average: z.number().nullable(),
  max: z.number().nullable(),
  min: z.number().nullable(),
  stddev: z.number().nullable(),
  median: z.number().nullable(),
  belowCutline: z.number(),
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })).describe('만점을 10구간으로 나눈 분포'),
  questions: z.array(z.object({
    no: z.number(),
    kind: z.enum(['choice', 'short']),
    tag: text().nullable(),
    points: z.number(),
    answered: z.number().describe('답안이 있는 응시자 수'),
    correctRate: z.number().nullable().describe('정답률 (0–1)'),
    choiceRates: z.array(z.number()).nullable().describe('①–⑤ 선택률 (0–1)'),
    topWrongChoice: z.number().nullable().describe('가장 많이 고른 오답'),
    topWrongRate: z.number().nullable(),
  })),
  byClass: z.array(z.object({
    examId: z.number(),
    lectureId: z.number(),
    lectureName: text(),
    weeklyLectureTitle: text(),
    takers: z.number(),
    average: z.number().nullable(),
    max: z.number().nullable(),
    min: z.number().nullable(),
  })),
  ranking: z.array(z.object({
    userId: z.number(),
    name: text(),
    examId: z.number(),
    score: z.number(),
    rank: z.number(),
    percentile: z.number().describe('같거나 낮은 점수의 비율 (0–100)'),
    grade: z.number().nullable(),
  })),
});
export type ExamStatistics = z.infer<typeof examStatistics>;

// ─── retakes ────────────────────────────────────────────────────────────────────────────────────

export const retakeBody = z.object({
  examId: idParam.nullable().optional().describe('원래 시험 (나중에 연결해도 됨)'),
  title: text().trim().min(1, '재시험 이름을 입력해 주세요').max(100),
  date: isoDateSchema.nullish().describe('재시험 날짜'),
  questions: questionsSchema.optional().describe('재시험 문항과 정답 (비우면 원래 시험과 같음)'),
});
export const retake = z.object({
  id: z.number(),
  examId: z.number().nullable(),
  title: text(),
  date: text().nullable(),
  questions: z.array(questionSchema),
  maxScore: z.number(),
  createdAt: text(),
});
export type Retake = z.infer<typeof retake>;

// ─── the student's and the parent's view ────────────────────────────────────────────────────────

export const myResult = z.object({
  examId: z.number(),
  title: text(),
  lectureId: z.number(),
  lectureName: text(),
  weeklyLectureTitle: text(),
  date: text(),
  status: z.enum(SCORE_STATUSES),
  score: z.number().nullable(),
  retakeScore: z.number().nullable(),
  maxScore: z.number(),
  cutline: z.number().nullable(),
  average: z.number().nullable(),
  takers: z.number(),
  rank: z.number().nullable(),
  percentile: z.number().nullable(),
  grade: z.number().nullable(),
  clinic: z.enum(CLINIC_STATUSES),
});
export type MyResult = z.infer<typeof myResult>;

/**
 * A class rate is shown to students and parents only from this many answers on: one answer makes
 * "반 정답률 0%" (issue 35 item 8); below it the screens say how many answered instead.
 */
export const MIN_RATE_ANSWERS = 5;

export const resultQuestion = z.object({
  no: z.number(),
  kind: z.enum(['choice', 'short']),
  points: z.number(),
  tag: text().nullable(),
  answer: text().describe('정답 (공개된 시험만)'),
  given: text().nullable().describe('내 답'),
  correct: z.boolean(),
  correctRate: z.number().nullable().describe(`반 전체 정답률 (0–1); 응답이 ${MIN_RATE_ANSWERS}명 미만이면 null`),
  answered: z.number().describe('이 문항에 답안이 있는 응시자 수 ("n명 응답")'),
});
export const myResultDetail = myResult.extend({
  questions: z.array(resultQuestion).describe('문항별 결과 (답안이 있을 때)'),
  trend: z.array(z.object({ examId: z.number(), title: text(), date: text(), score: z.number().nullable(), average: z.number().nullable(), maxScore: z.number() })).describe('같은 강좌에서 공개된 최근 시험'),
});
export type MyResultDetail = z.infer<typeof myResultDetail>;

export const openExam = z.object({
  examId: z.number(),
  title: text(),
  lectureName: text(),
  weeklyLectureTitle: text(),
  date: text(),
  questions: z.array(z.object({ no: z.number(), kind: z.enum(['choice', 'short']) })),
  submitted: z.boolean(),
  answers: answersSchema.nullable().describe('이미 제출한 답 (다시 제출하면 바뀜)'),
});
export type OpenExam = z.infer<typeof openExam>;

export const scoreLinkBody = z.object({
  userIds: z.array(idParam).min(1).max(500).describe('학생 ID'),
  sendSms: z.boolean().default(true).describe('학부모 전화로 링크를 문자로 보냄'),
  expiresInDays: linkDaysSchema.default(14).describe(`링크가 열리는 날 수 (최대 ${PUBLIC_LINK_MAX_DAYS}일)`),
});
export const scoreLinkResult = z.object({
  userId: z.number(),
  name: text(),
  url: text(),
  expiresAt: text(),
  smsQueued: z.boolean().describe('문자를 보냄 (학부모 전화가 없으면 false)'),
});
export const parentScoreView = z.object({
  studentName: text(),
  result: myResultDetail.omit({ trend: true }),
  expiresAt: text(),
});
export type ParentScoreView = z.infer<typeof parentScoreView>;

// ─── endpoints ──────────────────────────────────────────────────────────────────────────────────

const examTag = 'exams';
const wlBase = '/lectures/:id/weekly-lectures/:wlId';
const scoreSheetExcel = multipartBody({ fields: z.object({ dryRun: z.enum(['true', 'false']).default('true') }), maxBytes: 5 * 1024 * 1024, accept: '.xlsx' });

export const examsApi = {
  list: endpoint({ method: 'GET', path: `${wlBase}/exams`, tag: examTag, permission: 'TA', summary: '회차의 시험 목록', reply: z.array(exam) }),
  create: endpoint({
    method: 'POST', path: `${wlBase}/exams/new`, tag: examTag, permission: 'TA',
    summary: '시험 만들기 (템플릿에서 또는 직접)', body: createExamBody, reply: examDetail,
  }),
  update: endpoint({
    method: 'PUT', path: `${wlBase}/exams/:examId`, tag: examTag, permission: 'TA',
    summary: '시험 설정 수정 (이름, 커트라인, 등급, 온라인 제출)', body: examSettingsBody, reply: examDetail,
  }),
  delete: endpoint({ method: 'DELETE', path: `${wlBase}/exams/:examId`, tag: examTag, permission: 'TA', summary: '시험 삭제 (성적도 함께, 기록은 감사 로그에 남음)', reply: z.object({ id: z.number() }) }),
  setCutline: endpoint({
    method: 'PUT', path: `${wlBase}/exams/:examId/cutline`, tag: examTag, permission: 'TA',
    summary: '커트라인 지정 (미만이면 클리닉 대상)', body: z.object({ cutline }), reply: examDetail,
  }),
  grid: endpoint({
    method: 'GET', path: `${wlBase}/student-score`, tag: examTag, permission: 'TA',
    summary: '회차 성적표 (학생 × 시험)', reply: scoreGrid,
  }),
  gridRange: endpoint({
    method: 'GET', path: `${wlBase}/student-score-v2`, tag: examTag, permission: 'TA',
    summary: '여러 회차 성적표 (기간의 학생 × 시험)',
    query: z.object({ from: isoDateSchema.optional().describe('시작일 (기본: 이 회차)'), to: isoDateSchema.optional().describe('종료일 (기본: 이 회차)') }),
    reply: scoreGrid,
  }),
  gridExcel: endpoint({
    method: 'GET', path: `${wlBase}/student-score/excel`, tag: examTag, permission: 'TA',
    summary: '회차 성적표 엑셀 (.xlsx)', query: z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() }), reply: downloadReply(XLSX_TYPE),
  }),
  studentMemo: endpoint({
    method: 'PUT', path: `${wlBase}/student-memo`, tag: examTag, permission: 'TA',
    summary: '회차 학생 메모', body: z.object({ userId: idParam, memo: text().max(1000) }), reply: z.object({ userId: z.number(), memo: text() }),
  }),
  scoreMemo: endpoint({
    method: 'PUT', path: `${wlBase}/score-memo`, tag: examTag, permission: 'TA',
    summary: '성적 칸 메모', body: z.object({ examId: idParam, userId: idParam, memo: text().max(1000), version }), reply: scoreCell,
  }),
  sheetMemo: endpoint({
    method: 'PUT', path: `${wlBase}/sheet-memo`, tag: examTag, permission: 'TA',
    summary: '회차 성적표 메모', body: z.object({ memo: text().max(5000) }), reply: z.object({ memo: text() }),
  }),
};

const wleTag = 'wl-exam';
export const wlExamApi = {
  get: endpoint({ method: 'GET', path: '/wl-exam/:examId', tag: wleTag, permission: 'TA', summary: '시험 상세 (문항과 정답)', reply: examDetail }),
  setAnswers: endpoint({
    method: 'PUT', path: '/wl-exam/:examId/answers', tag: wleTag, permission: 'TA',
    summary: '정답 바꾸기 (모든 답안을 다시 채점, 이전 점수는 감사 기록에 남음)',
    body: z.object({ questions: questionsSchema }), reply: examDetail,
  }),
  answersExcel: endpoint({
    method: 'POST', path: '/wl-exam/:examId/answers/excel', tag: wleTag, permission: 'TA',
    summary: '정답 엑셀 올리기 (문항, 정답, 배점, 유형)', body: multipartBody({ fields: z.object({}), maxBytes: 2 * 1024 * 1024, accept: '.xlsx' }), reply: examDetail,
  }),
  scoresExcel: endpoint({
    method: 'POST', path: '/wl-exam/:examId/scores/excel', tag: wleTag, permission: 'TA',
    summary: '학생별 점수·답안 엑셀 올리기 (dryRun=true면 검사만)', body: scoreSheetExcel,
    reply: z.object({
      dryRun: z.boolean(),
      total: z.number(),
      valid: z.number(),
      updated: z.number(),
      errors: z.array(z.object({ row: z.number(), field: text(), message: text() })),
    }),
  }),
  scoresTemplate: endpoint({
    method: 'GET', path: '/wl-exam/:examId/scores/excel-template', tag: wleTag, permission: 'TA',
    summary: '점수 입력 엑셀 양식 (참여 학생 명단 포함)', reply: downloadReply(XLSX_TYPE),
  }),
  copy: endpoint({
    method: 'POST', path: '/wl-exam/:examId/copy-wle', tag: wleTag, permission: 'TA',
    summary: '다른 회차(다른 강좌 포함)로 시험 복사', body: z.object({ weeklyLectureIds: z.array(idParam).min(1).max(100), link: z.boolean().default(false).describe('복사한 시험을 원래 시험과 묶기') }),
    reply: z.array(exam),
  }),
  regrade: endpoint({ method: 'POST', path: '/wl-exam/:examId/re-grade', tag: wleTag, permission: 'TA', summary: '다시 채점', reply: z.object({ regraded: z.number(), changed: z.number() }) }),
  changeSequence: endpoint({
    method: 'PUT', path: '/wl-exam/change-sequence', tag: wleTag, permission: 'TA',
    summary: '한 회차의 시험 순서 바꾸기', body: z.object({ ids: z.array(idParam).min(1).max(50).describe('새 순서대로 나열한 시험 ID 전체') }), reply: z.array(exam),
  }),
  coreInfo: endpoint({
    method: 'PUT', path: '/wl-exam/:examId/core-info', tag: wleTag, permission: 'TA',
    summary: '시험 기본 정보 (이름, 커트라인, 등급, 온라인 제출)', body: examSettingsBody, reply: examDetail,
  }),
  link: endpoint({
    method: 'POST', path: '/wl-exam/:examId/link', tag: wleTag, permission: 'TA',
    summary: '같은 시험을 본 다른 반 시험과 묶기 (통합 통계·등급)', body: z.object({ examIds: z.array(idParam).min(1).max(50) }), reply: examDetail,
  }),
  unlink: endpoint({ method: 'POST', path: '/wl-exam/:examId/unlink', tag: wleTag, permission: 'TA', summary: '묶음에서 빼기', reply: examDetail }),
  deleteOmrFiles: endpoint({ method: 'DELETE', path: '/wl-exam/:examId/omr-files', tag: wleTag, permission: 'TA', summary: 'OMR 파일 삭제', reply: z.object({ deleted: z.number() }) }),
  readyToShow: endpoint({
    method: 'PUT', path: '/wl-exam/:examId/ready-to-show', tag: wleTag, permission: 'TA',
    summary: '학생·학부모에게 공개 / 숨김', body: z.object({ readyToShow: z.boolean() }), reply: examDetail,
  }),
  statistics: endpoint({
    method: 'GET', path: '/wl-exam/:examId/statistics', tag: wleTag, permission: 'TA',
    summary: '통계 (평균·최고·최저·표준편차·중앙값·분포·문항별 정답률·선지별 선택률·반별)',
    query: z.object({ scope: z.enum(['exam', 'group']).default('exam') }), reply: examStatistics,
  }),
  scoreLinks: endpoint({
    method: 'POST', path: '/wl-exam/:examId/score-links', tag: wleTag, permission: 'TA',
    summary: '학부모 성적 링크 만들기 (문자 발송)', body: scoreLinkBody, reply: z.array(scoreLinkResult),
  }),
};

const retakeTag = 'wle-retake';
export const retakesApi = {
  list: endpoint({ method: 'GET', path: '/wle-retake', tag: retakeTag, permission: 'TA', summary: '재시험 목록', query: z.object({ examId: idParam.optional() }), reply: z.array(retake) }),
  create: endpoint({ method: 'POST', path: '/wle-retake', tag: retakeTag, permission: 'TA', summary: '재시험 만들기', body: retakeBody, reply: retake }),
  update: endpoint({ method: 'PUT', path: '/wle-retake/:retakeId', tag: retakeTag, permission: 'TA', summary: '재시험 수정', body: retakeBody, reply: retake }),
  delete: endpoint({ method: 'DELETE', path: '/wle-retake/:retakeId', tag: retakeTag, permission: 'TA', summary: '재시험 삭제', reply: z.object({ id: z.number() }) }),
  map: endpoint({ method: 'POST', path: '/wle-retake/:retakeId/map/:examId', tag: retakeTag, permission: 'TA', summary: '재시험을 원래 시험에 연결', reply: retake }),
  answersExcel: endpoint({
    method: 'POST', path: '/wle-retake/:retakeId/upload-answers-excel', tag: retakeTag, permission: 'TA',
    summary: '재시험 정답 엑셀 올리기', body: multipartBody({ fields: z.object({}), maxBytes: 2 * 1024 * 1024, accept: '.xlsx' }), reply: retake,
  }),
};

const scoreTag = 'wl-score';
const cell = '/wl-score/:examId/:userId';
export const scoresApi = {
  get: endpoint({ method: 'GET', path: cell, tag: scoreTag, permission: 'TA', summary: '성적 한 칸 (답안 포함)', params: cellParams, reply: scoreCell }),
  history: endpoint({ method: 'GET', path: `${cell}/history`, tag: scoreTag, permission: 'TA', summary: '성적 변경 이력 (누가, 언제, 전, 후)', params: cellParams, reply: z.array(scoreHistoryEntry) }),
  setValue: endpoint({ method: 'PATCH', path: `${cell}/value`, tag: scoreTag, permission: 'TA', summary: '1차·재시험 점수 입력', params: cellParams, body: scoreValueBody, reply: scoreCell }),
  setMemo: endpoint({ method: 'PATCH', path: `${cell}/memo`, tag: scoreTag, permission: 'TA', summary: '성적 메모', params: cellParams, body: scoreMemoBody, reply: scoreCell }),
  setDelivery: endpoint({
    method: 'PATCH', path: `${cell}/delivery-type/:value`, tag: scoreTag, permission: 'TA', summary: '성적 전달 방법 (미발송·문자·링크·직접전달)',
    params: cellParams.extend({ value: z.enum(DELIVERY_TYPES) }), reply: scoreCell,
  }),
  setClinic: endpoint({
    method: 'PATCH', path: `${cell}/clinic-status/:value`, tag: scoreTag, permission: 'TA', summary: '클리닉 상태',
    params: cellParams.extend({ value: z.enum(CLINIC_STATUSES) }), reply: scoreCell,
  }),
  setStatus: endpoint({
    method: 'PATCH', path: `${cell}/status/:value`, tag: scoreTag, permission: 'TA', summary: '응시 상태 (응시·미응시·결시·면제)',
    params: cellParams.extend({ value: z.enum(SCORE_STATUSES) }), reply: scoreCell,
  }),
  setGrade: endpoint({ method: 'PATCH', path: `${cell}/grade`, tag: scoreTag, permission: 'TA', summary: '등급 직접 지정 (null: 자동)', params: cellParams, body: gradeBody, reply: scoreCell }),
  manualEntry: endpoint({ method: 'POST', path: `${cell}/manual-entry`, tag: scoreTag, permission: 'TA', summary: '문항별 답 입력 (바로 채점)', params: cellParams, body: manualEntryBody, reply: scoreCell }),
  retake: endpoint({ method: 'POST', path: `${cell}/retake`, tag: scoreTag, permission: 'TA', summary: '재시험 결과 입력 (통과하면 클리닉 완료)', params: cellParams, body: retakeScoreBody, reply: scoreCell }),
  lock: endpoint({ method: 'POST', path: `${cell}/lock`, tag: scoreTag, permission: 'TA', summary: '입력 잠금 요청 (60초, 다시 요청하면 연장)', params: cellParams, reply: scoreLock }),
  unlock: endpoint({ method: 'POST', path: `${cell}/lock/release`, tag: scoreTag, permission: 'TA', summary: '입력 잠금 해제', params: cellParams, reply: z.object({ released: z.boolean() }) }),
  deleteOmr: endpoint({ method: 'DELETE', path: `${cell}/omr`, tag: scoreTag, permission: 'TA', summary: 'OMR 답안지 삭제', params: cellParams, reply: scoreCell }),
  batch: endpoint({
    method: 'PUT', path: '/wl-score/batch-update-score-or-status', tag: scoreTag, permission: 'TA',
    summary: '여러 칸의 점수·상태 한 번에 (모두 바뀌거나 하나도 안 바뀜)', body: batchBody, reply: z.object({ updated: z.number(), cells: z.array(scoreCell) }),
  }),
};

const portalTag = 'portal';
export const portalExamsApi = {
  results: endpoint({ method: 'GET', path: '/sp/scores', tag: portalTag, permission: 'STUDENT', summary: '내 성적 (공개된 시험)', reply: z.array(myResult) }),
  result: endpoint({ method: 'GET', path: '/sp/scores/:examId', tag: portalTag, permission: 'STUDENT', summary: '내 성적 상세 (문항별, 추이)', reply: myResultDetail }),
  open: endpoint({ method: 'GET', path: '/sp/exams/open', tag: portalTag, permission: 'STUDENT', summary: '온라인으로 답을 낼 수 있는 시험', reply: z.array(openExam) }),
  submit: endpoint({
    method: 'POST', path: '/sp/submit-wle/:examId/done', tag: portalTag, permission: 'STUDENT',
    summary: '온라인 답안 제출 (바로 채점, 점수는 공개 후에 보임)', body: z.object({ answers: answersSchema }), reply: z.object({ submitted: z.literal(true), answered: z.number() }),
  }),
};

export const scoreLinkApi = {
  view: endpoint({
    method: 'GET', path: '/link/score/:token', tag: 'links', permission: 'open',
    summary: '학부모 성적 링크 (그 학생의 공개된 성적만)',
    params: z.object({ token: text().regex(/^[A-Za-z0-9_-]{20,64}$/, '링크가 올바르지 않습니다') }),
    reply: parentScoreView,
  }),
};

/** A grade recomputed by rank (another cell's write moved it), with the cell's new version. */
export const gradeChange = z.object({ examId: z.number(), userId: z.number(), grade: z.number().nullable(), version: z.number() });
export type GradeChange = z.infer<typeof gradeChange>;

/**
 * The score grid's realtime events, owned by exams and carried on the lecture's topic
 * (`lectureTopic` in lectures.ts): one cell, many cells with the grades they moved, a student's
 * memo, a cell's lock taken or released, the session's exams changed.
 */
export const scoreGridEvents = {
  score: scoreCell,
  scores: z.object({ cells: z.array(scoreCell), grades: z.array(gradeChange) }),
  studentMemo: z.object({ weeklyLectureId: z.number(), userId: z.number(), memo: z.string() }),
  lock: scoreLock,
  unlock: z.object({ examId: z.number(), userId: z.number() }),
  exams: z.object({ weeklyLectureId: z.number() }),
};
