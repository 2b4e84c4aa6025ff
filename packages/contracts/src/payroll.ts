/**
 * TA work and pay: clock-in and clock-out records, expense claims with receipts, monthly custom
 * wages, the month's payroll (hours by wage type, 주휴수당, overtime and night premiums, salary,
 * withholding), month close and the exports (SPEC §7 Supervisor and Admin). Money is whole won
 * everywhere; every rounding rule is written in docs/payroll.md.
 */
import { z } from 'zod';
import { formatWon } from './format.ts';
import { downloadReply, endpoint, XLSX_TYPE } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { reportIssues, type RuleIssue } from './rules.ts';
import { MONTHLY_WAGE_TYPES, PAYMENT_TYPES } from './staff.ts';
import { idParam, isoDateSchema, text } from './validation.ts';

export const PAYROLL_ERRORS = errorCodes('payroll', {
  not_a_ta: 403,
  already_clocked_in: 409,
  not_clocked_in: 409,
  past_day_open: 409,
  wage_type_not_allowed: 400,
  record_not_found: 404,
  record_invalid: 400,
  record_overlap: 409,
  month_closed: 409,
  month_not_closed: 409,
  month_not_over: 409,
  month_has_open_records: 409,
  claim_not_found: 404,
  claim_decided: 409,
  receipt_invalid: 400,
  custom_wage_not_found: 404,
  ta_not_found: 404,
  range_too_long: 400,
  year_rates_invalid: 400,
});

// ─── vocabulary ─────────────────────────────────────────────────────────────────────────────────

/** "2026-03": a pay month. */
export const monthSchema = text()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '월은 2026-03 형식입니다')
  .describe('급여 월 (YYYY-MM)');

/** An instant with its offset, as the CRM sends Korean times: "2026-03-13T18:00:00+09:00". */
export const instantSchema = z.iso.datetime({ offset: true, message: '시각은 2026-03-13T18:00:00+09:00 형식입니다' });

/** open: working now; closed: clocked out; missing_out: open past the end of its work day (퇴근 누락, for an admin). */
export const WORK_STATUSES = ['open', 'closed', 'missing_out'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];
export const WORK_STATUS_LABEL: Record<WorkStatus, string> = { open: '근무 중', closed: '퇴근', missing_out: '퇴근 누락' };

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABEL: Record<ClaimStatus, string> = { pending: '대기', approved: '승인', rejected: '반려' };

/** Rates are kept in parts per million: 4.75% = 47,500; 3.595% = 35,950 (integer arithmetic only). */
export const PPM = 1_000_000;

/** "3.595%" for a rate in parts per million. */
export function formatRatePpm(ppm: number): string {
  return `${(ppm / 10_000).toLocaleString('ko-KR', { maximumFractionDigits: 4 })}%`;
}

/** 870 → "14시간 30분"; 900 → "15시간". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}분`;
  return m === 0 ? `${h}시간` : `${h}시간 ${m}분`;
}

/** "2026-03" → "2026년 3월". */
export function formatMonth(month: string): string {
  return `${month.slice(0, 4)}년 ${Number(month.slice(5, 7))}월`;
}

/** The month after "2026-12" is "2027-01". */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function previousMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

// ─── work records ───────────────────────────────────────────────────────────────────────────────

export const workRecord = z.object({
  id: z.number(),
  taId: z.number(),
  taName: text(),
  wageTypeId: z.number(),
  wageTypeName: text(),
  startedAt: text().describe('출근 시각 (분 단위, 초는 버림)'),
  endedAt: text().nullable().describe('퇴근 시각 (근무 중·퇴근 누락이면 null)'),
  workDate: text().describe('근무일 (출근한 날, 한국 시간 YYYY-MM-DD)'),
  status: z.enum(WORK_STATUSES),
  minutes: z.number().nullable().describe('근무 시간(분)'),
  nightMinutes: z.number().nullable().describe('그중 야간(22:00–06:00) 시간(분)'),
  corrected: z.boolean().describe('관리자가 고친 기록'),
  correctionReason: text().nullable().describe('마지막 정정 사유'),
  monthClosed: z.boolean().describe('급여가 마감된 달의 기록 (고칠 수 없음)'),
});
export type WorkRecord = z.infer<typeof workRecord>;

export const clockWageType = z.object({ id: z.number(), name: text(), rate: z.number().nullable().describe('적용 시급 (원). null: 시급 미설정') });

export const workStatus = z.object({
  open: workRecord.nullable().describe('지금 근무 중인 기록'),
  missingOut: z.array(workRecord).describe('퇴근을 찍지 않고 지난 기록 (관리자가 정정)'),
  wageTypes: z.array(clockWageType).describe('출근할 때 고를 수 있는 근무 유형'),
  now: text().describe('서버 시각 (근무 시간 표시 기준)'),
});
export type WorkStatusReply = z.infer<typeof workStatus>;

const reason = text().trim().min(2, '사유를 2자 이상 입력해 주세요').max(200, '사유는 200자까지입니다').describe('정정 사유 (감사 기록에 남음)');

/** Clock-out after clock-in, and one shift at most 24 hours. */
export function recordTimeIssues(v: { startedAt?: string; endedAt?: string | null }): RuleIssue[] {
  if (!v.startedAt || !v.endedAt) return [];
  const ms = Date.parse(v.endedAt) - Date.parse(v.startedAt);
  if (ms < 60_000) return [{ path: ['endedAt'], code: PAYROLL_ERRORS.record_invalid.code, message: '퇴근 시각은 출근 시각보다 1분 이상 뒤여야 합니다' }];
  if (ms > 24 * 3_600_000) return [{ path: ['endedAt'], code: PAYROLL_ERRORS.record_invalid.code, message: '한 번의 근무는 24시간을 넘을 수 없습니다' }];
  return [];
}

export const createRecordBody = z
  .object({
    taId: idParam.describe('조교 ID'),
    wageTypeId: idParam.describe('근무 유형 ID'),
    startedAt: instantSchema.describe('출근 시각'),
    endedAt: instantSchema.describe('퇴근 시각'),
    reason,
  })
  .superRefine((v, ctx) => reportIssues(ctx, recordTimeIssues(v)));
export type CreateRecordInput = z.input<typeof createRecordBody>;

export const updateRecordBody = z
  .object({
    wageTypeId: idParam.optional().describe('근무 유형 ID'),
    startedAt: instantSchema.optional().describe('출근 시각'),
    endedAt: instantSchema.describe('퇴근 시각'),
    reason,
  })
  .superRefine((v, ctx) => reportIssues(ctx, recordTimeIssues(v)));
export type UpdateRecordInput = z.input<typeof updateRecordBody>;

export const recordHistoryEntry = z.object({
  at: text(),
  actorName: text().nullable(),
  action: text(),
  reason: text().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type RecordHistoryEntry = z.infer<typeof recordHistoryEntry>;

// ─── expense claims ─────────────────────────────────────────────────────────────────────────────

export const MAX_CLAIM_AMOUNT = 10_000_000;

export const claimBody = z.object({
  date: isoDateSchema.describe('쓴 날짜'),
  amount: z.number({ message: '금액은 원 단위 숫자입니다' }).int('금액은 원 단위 정수입니다').min(1, '금액은 1원 이상입니다').max(MAX_CLAIM_AMOUNT, '금액은 1천만 원까지입니다').describe('금액 (원)'),
  memo: text().trim().min(1, '어디에 쓴 돈인지 적어 주세요').max(200).describe('내용'),
  receiptFileId: idParam.describe('영수증 파일 ID (파일 올리기에서 kind=receipt로 올린 이미지·PDF)'),
});
export type ClaimInput = z.input<typeof claimBody>;
export type ClaimBody = z.output<typeof claimBody>;

export const expenseClaim = z.object({
  id: z.number(),
  taId: z.number(),
  taName: text(),
  date: text(),
  amount: z.number(),
  memo: text(),
  receipt: z.object({ fileId: z.number(), fileName: text(), contentType: text() }).nullable(),
  status: z.enum(CLAIM_STATUSES),
  payMonth: text().nullable().describe('지급되는 급여 월 (승인된 청구)'),
  decidedAt: text().nullable(),
  decidedByName: text().nullable(),
  rejectReason: text().nullable(),
  createdAt: text(),
});
export type ExpenseClaim = z.infer<typeof expenseClaim>;

// ─── custom wages ───────────────────────────────────────────────────────────────────────────────

export const customWageBody = z.object({
  taId: idParam.describe('조교 ID'),
  month: monthSchema,
  amount: z
    .number({ message: '금액은 원 단위 숫자입니다' })
    .int('금액은 원 단위 정수입니다')
    .min(-10_000_000, '금액이 너무 작습니다')
    .max(10_000_000, '금액이 너무 큽니다')
    .refine((v) => v !== 0, '0원은 넣을 수 없습니다')
    .describe('추가(+) 또는 공제(−) 금액 (원)'),
  memo: text().trim().min(1, '내용을 적어 주세요').max(200).describe('내용 (예: 시험 감독 수당, 3월 근무 정정분)'),
});
export type CustomWageInput = z.input<typeof customWageBody>;
export type CustomWageBody = z.output<typeof customWageBody>;

export const customWage = z.object({
  id: z.number(),
  taId: z.number(),
  taName: text(),
  month: text(),
  amount: z.number(),
  memo: text(),
  createdAt: text(),
  createdByName: text().nullable(),
});
export type CustomWage = z.infer<typeof customWage>;

// ─── payroll ────────────────────────────────────────────────────────────────────────────────────

export const WITHHOLDING_CODES = ['income_tax', 'local_income_tax', 'national_pension', 'health_insurance', 'long_term_care', 'employment_insurance'] as const;
export type WithholdingCode = (typeof WITHHOLDING_CODES)[number];
export const WITHHOLDING_LABEL: Record<WithholdingCode, string> = {
  income_tax: '소득세',
  local_income_tax: '지방소득세',
  national_pension: '국민연금',
  health_insurance: '건강보험',
  long_term_care: '장기요양보험',
  employment_insurance: '고용보험',
};

export const payrollLine = z.object({
  taId: z.number(),
  name: text(),
  loginId: text(),
  paymentType: z.enum(PAYMENT_TYPES),
  monthlyWageType: z.enum(MONTHLY_WAGE_TYPES),
  minutesWorked: z.number().describe('이 달에 일한 시간(분), 날짜별로 나눈 기준'),
  daysWorked: z.number(),
  hours: z.array(z.object({
    wageTypeId: z.number(),
    name: text(),
    minutes: z.number(),
    rate: z.number().nullable().describe('적용 시급 (null: 미설정, 0원으로 계산)'),
    amount: z.number(),
    belowMinimum: z.boolean(),
  })).describe('근무 유형별 시간 × 시급'),
  weeklyHoliday: z.array(z.object({
    weekStart: text(),
    weekEnd: text(),
    minutes: z.number().describe('그 주 근무 시간(분)'),
    amount: z.number(),
  })).describe('주휴수당: 이 달에 끝나는 주 중 15시간 이상 일한 주'),
  overtime: z.object({ minutes: z.number(), amount: z.number() }).describe('연장 가산 (1일 8시간·1주 40시간 초과, +50%)'),
  night: z.object({ minutes: z.number(), amount: z.number() }).describe('야간 가산 (22:00–06:00, +50%)'),
  salary: z.object({ monthlySalary: z.number(), paidDays: z.number(), daysInMonth: z.number(), amount: z.number() }).nullable(),
  custom: z.array(z.object({ id: z.number(), amount: z.number(), memo: text() })),
  expenses: z.array(z.object({ id: z.number(), date: text(), amount: z.number(), memo: text() })),
  withholding: z.array(z.object({ code: z.enum(WITHHOLDING_CODES), label: text(), base: z.number(), ratePpm: z.number(), amount: z.number() })),
  totals: z.object({
    hourly: z.number().describe('근무 수당 합계'),
    weeklyHoliday: z.number(),
    premiums: z.number().describe('연장 + 야간 가산'),
    salary: z.number(),
    custom: z.number(),
    wages: z.number().describe('임금 총액 (과세 대상): 근무 수당 + 주휴 + 가산 + 월급 + 추가·공제'),
    expenses: z.number().describe('경비 (비과세 실비)'),
    gross: z.number().describe('지급 합계 = 임금 총액 + 경비'),
    withholding: z.number().describe('공제 합계'),
    net: z.number().describe('실지급액 = 지급 합계 − 공제 합계'),
  }),
  minimumWage: z.number().describe('그 해 최저시급'),
  effectiveRate: z.number().nullable().describe('월급제: 월급 ÷ (근무 시간 + 주휴 시간)의 시간당 금액'),
  belowMinimum: z.boolean().describe('적용 시급이 최저임금보다 낮음'),
  openRecords: z.number().describe('근무 중이거나 퇴근 누락인 기록 수 (계산에서 빠짐)'),
});
export type PayrollLine = z.infer<typeof payrollLine>;

export const yearRates = z.object({
  year: z.number().int().min(2000).max(2100),
  minimumWage: z.number().int().min(1).max(1_000_000).describe('최저시급 (원)'),
  pensionPpm: z.number().int().min(0).max(200_000).describe('국민연금 근로자 부담률 (ppm: 47500 = 4.75%)'),
  healthPpm: z.number().int().min(0).max(200_000).describe('건강보험 근로자 부담률 (ppm)'),
  longTermCarePpm: z.number().int().min(0).max(200_000).describe('장기요양보험 근로자 부담률, 소득 대비 (ppm). 보험료 = 건강보험료 × 장기요양률 ÷ 건강보험률'),
  employmentPpm: z.number().int().min(0).max(200_000).describe('고용보험(실업급여) 근로자 부담률 (ppm)'),
});
export type YearRates = z.infer<typeof yearRates>;

export const payrollSettings = z.object({
  premiumsEnabled: z.boolean().describe('연장·야간 가산 (상시 5인 이상 사업장)'),
  years: z.array(yearRates.extend({ source: text() })).describe('연도별 최저임금과 4대보험 요율'),
});
export type PayrollSettings = z.infer<typeof payrollSettings>;

export const payrollInfo = z.object({
  month: text(),
  status: z.enum(['open', 'closed']),
  closedAt: text().nullable(),
  closedByName: text().nullable(),
  premiumsEnabled: z.boolean(),
  rates: yearRates.describe('이 달에 적용한 연도 요율'),
  notes: z.array(text()).describe('계산에 대한 안내 (예: 그 해 요율이 없어 이전 해 요율 사용)'),
  lines: z.array(payrollLine),
  totals: z.object({ wages: z.number(), expenses: z.number(), gross: z.number(), withholding: z.number(), net: z.number() }),
});
export type PayrollInfo = z.infer<typeof payrollInfo>;

export const myPay = z.object({
  month: text(),
  status: z.enum(['open', 'closed']),
  asOf: text().describe('계산 시각 (마감 전이면 지금까지)'),
  line: payrollLine.nullable().describe('이 달 급여 (기록이 없으면 null)'),
});
export type MyPay = z.infer<typeof myPay>;

// ─── payslip items ──────────────────────────────────────────────────────────────────────────────
/** One row of a payslip or of a TA's Excel sheet: what is paid or withheld, how it is computed, how much. */
export type PayslipItem = { section: 'pay' | 'expense' | 'deduct' | 'total'; item: string; calc: string; amount: number };

const shortDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;

/**
 * The items of a payroll line in payslip order, each with its calculation written out (근로기준법
 * 제48조 asks a wage statement to show how each amount was computed, hours included).
 */
export function payslipItems(line: PayrollLine): PayslipItem[] {
  const out: PayslipItem[] = [];
  for (const h of line.hours) {
    if (line.paymentType !== 'HOURLY') continue;
    out.push({ section: 'pay', item: `근무 수당 (${h.name})`, calc: `${formatMinutes(h.minutes)} × ${h.rate === null ? '시급 미설정' : formatWon(h.rate)}`, amount: h.amount });
  }
  for (const w of line.weeklyHoliday) {
    out.push({ section: 'pay', item: '주휴수당', calc: `${shortDate(w.weekStart)}–${shortDate(w.weekEnd)} 주 ${formatMinutes(w.minutes)} (40시간 중 ${formatMinutes(Math.min(w.minutes, 2400))} 비례 × 8시간)`, amount: w.amount });
  }
  if (line.overtime.amount > 0) out.push({ section: 'pay', item: '연장 가산 (50%)', calc: `${formatMinutes(line.overtime.minutes)} × 시급의 50%`, amount: line.overtime.amount });
  if (line.night.amount > 0) out.push({ section: 'pay', item: '야간 가산 (50%)', calc: `${formatMinutes(line.night.minutes)} × 시급의 50% (22:00–06:00)`, amount: line.night.amount });
  if (line.salary) {
    const s = line.salary;
    out.push({ section: 'pay', item: '월급', calc: s.paidDays === s.daysInMonth ? formatWon(s.monthlySalary) : `${formatWon(s.monthlySalary)} × ${s.paidDays}/${s.daysInMonth}일`, amount: s.amount });
  }
  for (const c of line.custom) out.push({ section: 'pay', item: c.amount >= 0 ? '추가' : '공제 (임금)', calc: c.memo, amount: c.amount });
  out.push({ section: 'total', item: '임금 총액', calc: '과세 대상', amount: line.totals.wages });
  for (const e of line.expenses) out.push({ section: 'expense', item: '경비 (비과세)', calc: `${shortDate(e.date)} ${e.memo}`, amount: e.amount });
  out.push({ section: 'total', item: '지급 합계', calc: '임금 총액 + 경비', amount: line.totals.gross });
  for (const w of line.withholding) {
    const calc = w.code === 'local_income_tax'
      ? `소득세 ${formatWon(w.base)} × 10%, 10원 미만 절사`
      : w.code === 'long_term_care'
        ? `건강보험료 ${formatWon(w.base)} × 장기요양률 ÷ 건강보험률, 10원 미만 절사`
        : `${formatWon(w.base)} × ${formatRatePpm(w.ratePpm)}, 10원 미만 절사`;
    out.push({ section: 'deduct', item: w.label, calc, amount: w.amount });
  }
  out.push({ section: 'total', item: '공제 합계', calc: '', amount: line.totals.withholding });
  out.push({ section: 'total', item: '실지급액', calc: '지급 합계 − 공제 합계', amount: line.totals.net });
  return out;
}

const monthParams = z.object({ month: monthSchema });

// ─── endpoints ──────────────────────────────────────────────────────────────────────────────────

const workTag = 'work';
const payTag = 'payroll';

/** The TA's own calls (SPEC §7 Supervisor): every one answers only about the caller. */
export const workApi = {
  status: endpoint({
    method: 'GET', path: '/supervisor/work-status', tag: workTag, permission: 'TA',
    summary: '내 출근 상태 (근무 중 기록, 퇴근 누락, 고를 수 있는 근무 유형)', reply: workStatus,
  }),
  myRecords: endpoint({
    method: 'GET', path: '/supervisor/work-in-out', tag: workTag, permission: 'TA',
    summary: '내 근무 기록 (한 달)', query: z.object({ month: monthSchema }), reply: z.array(workRecord),
  }),
  clockIn: endpoint({
    method: 'POST', path: '/supervisor/work-in-v2', tag: workTag, permission: 'TA',
    summary: '출근 (근무 유형 선택). 근무 중인 기록은 하나만',
    body: z.object({ wageTypeId: idParam.describe('근무 유형 ID') }), reply: workRecord,
  }),
  clockOut: endpoint({
    method: 'POST', path: '/supervisor/work-out-v2', tag: workTag, permission: 'TA',
    summary: '퇴근 (근무 중인 기록을 닫음)', reply: workRecord,
  }),
  myPay: endpoint({
    method: 'GET', path: '/supervisor/my-pay-info', tag: workTag, permission: 'TA',
    summary: '내 급여 (마감 전이면 지금까지의 예상액)', query: z.object({ month: monthSchema }), reply: myPay,
  }),
  myPayslip: endpoint({
    method: 'GET', path: '/supervisor/my-payslip', tag: workTag, permission: 'TA',
    summary: '내 급여명세서 PDF (마감된 달)', query: z.object({ month: monthSchema }), reply: downloadReply('application/pdf'),
  }),
  myClaims: endpoint({
    method: 'GET', path: '/supervisor/expense-claim', tag: workTag, permission: 'TA',
    summary: '내 경비 청구 목록', reply: z.array(expenseClaim),
  }),
  createClaim: endpoint({
    method: 'POST', path: '/supervisor/expense-claim', tag: workTag, permission: 'TA',
    summary: '경비 청구 (금액, 날짜, 내용, 영수증)', body: claimBody, reply: expenseClaim,
  }),
  updateClaim: endpoint({
    method: 'PUT', path: '/supervisor/expense-claim/:id', tag: workTag, permission: 'TA',
    summary: '경비 청구 수정 (대기 중인 것만)', body: claimBody, reply: expenseClaim,
  }),
  deleteClaim: endpoint({
    method: 'DELETE', path: '/supervisor/expense-claim/:id', tag: workTag, permission: 'TA',
    summary: '경비 청구 취소 (대기 중인 것만, 영수증도 삭제)', reply: z.object({ id: z.number() }),
  }),
};

/** The admin's calls (SPEC §7 Admin): every TA's records, claims, custom wages, the payroll. */
export const payrollApi = {
  records: endpoint({
    method: 'GET', path: '/admin/work-in-out', tag: payTag, permission: 'ADMIN',
    summary: '모든 조교의 근무 기록 (기간, 최대 62일)',
    query: z.object({ from: isoDateSchema, to: isoDateSchema, taId: idParam.optional().describe('이 조교만') }),
    reply: z.array(workRecord),
  }),
  createRecord: endpoint({
    method: 'POST', path: '/admin/work-in-out', tag: payTag, permission: 'ADMIN',
    summary: '근무 기록 추가 (빠진 근무, 사유 필수)', body: createRecordBody, reply: workRecord,
  }),
  updateRecord: endpoint({
    method: 'PUT', path: '/admin/work-in-out/:id', tag: payTag, permission: 'ADMIN',
    summary: '근무 기록 정정 (사유 필수, 전후가 감사 기록에 남음)', body: updateRecordBody, reply: workRecord,
  }),
  deleteRecord: endpoint({
    method: 'DELETE', path: '/admin/work-in-out/:id', tag: payTag, permission: 'ADMIN',
    summary: '근무 기록 삭제 (사유 필수)', query: z.object({ reason }), reply: z.object({ id: z.number() }),
  }),
  recordHistory: endpoint({
    method: 'GET', path: '/admin/work-in-out/:id/history', tag: payTag, permission: 'ADMIN',
    summary: '근무 기록 정정 이력 (누가, 언제, 왜, 전후)', reply: z.array(recordHistoryEntry),
  }),
  claim: endpoint({
    method: 'GET', path: '/admin/expense-claim/:id', tag: payTag, permission: 'ADMIN',
    summary: '경비 청구 상세 (영수증 포함)', reply: expenseClaim,
  }),
  approveClaim: endpoint({
    method: 'PUT', path: '/admin/expense-claim/:id/approve', tag: payTag, permission: 'ADMIN',
    summary: '경비 청구 승인 (그 달 급여에 더함; 마감된 달이면 다음 달)', reply: expenseClaim,
  }),
  rejectClaim: endpoint({
    method: 'PUT', path: '/admin/expense-claim/:id/reject', tag: payTag, permission: 'ADMIN',
    summary: '경비 청구 반려 (사유 필수)', body: z.object({ reason: reason.describe('반려 사유 (조교에게 보임)') }), reply: expenseClaim,
  }),
  customWages: endpoint({
    method: 'GET', path: '/admin/ta-monthly-custom-wage', tag: payTag, permission: 'ADMIN',
    summary: '월별 추가·공제 항목', query: z.object({ month: monthSchema.optional(), taId: idParam.optional() }), reply: z.array(customWage),
  }),
  createCustomWage: endpoint({
    method: 'POST', path: '/admin/ta-monthly-custom-wage', tag: payTag, permission: 'ADMIN',
    summary: '추가·공제 항목 넣기', body: customWageBody, reply: customWage,
  }),
  updateCustomWage: endpoint({
    method: 'PUT', path: '/admin/ta-monthly-custom-wage/:id', tag: payTag, permission: 'ADMIN',
    summary: '추가·공제 항목 수정', body: customWageBody, reply: customWage,
  }),
  deleteCustomWage: endpoint({
    method: 'DELETE', path: '/admin/ta-monthly-custom-wage/:id', tag: payTag, permission: 'ADMIN',
    summary: '추가·공제 항목 삭제', reply: z.object({ id: z.number() }),
  }),
  info: endpoint({
    method: 'GET', path: '/admin/payroll-info', tag: payTag, permission: 'ADMIN',
    summary: '한 달 급여 (조교별 내역; 마감된 달은 마감 때 그대로)', query: z.object({ month: monthSchema }), reply: payrollInfo,
  }),
  close: endpoint({
    method: 'POST', path: '/admin/payroll/:month/close', tag: payTag, permission: 'ADMIN',
    summary: '급여 마감 (그 달 기록·항목을 더는 바꿀 수 없음; 이후 정정은 다음 달에)', params: monthParams, reply: payrollInfo,
  }),
  excel: endpoint({
    method: 'GET', path: '/admin/payroll/:month/excel', tag: payTag, permission: 'ADMIN',
    summary: '급여 엑셀 (요약 시트 + 조교별 시트)', params: monthParams, reply: downloadReply(XLSX_TYPE),
  }),
  payslip: endpoint({
    method: 'GET', path: '/admin/payroll/:month/payslip/:taId', tag: payTag, permission: 'ADMIN',
    summary: '조교 급여명세서 PDF', params: z.object({ month: monthSchema, taId: idParam }), reply: downloadReply('application/pdf'),
  }),
  settings: endpoint({
    method: 'GET', path: '/admin/payroll-settings', tag: payTag, permission: 'ADMIN',
    summary: '급여 설정 (연장·야간 가산, 연도별 최저임금과 4대보험 요율)', reply: payrollSettings,
  }),
  updateSettings: endpoint({
    method: 'PUT', path: '/admin/payroll-settings', tag: payTag, permission: 'ADMIN',
    summary: '연장·야간 가산 켜기/끄기 (상시 5인 이상 사업장)', body: z.object({ premiumsEnabled: z.boolean() }), reply: payrollSettings,
  }),
  setYearRates: endpoint({
    method: 'PUT', path: '/admin/payroll-settings/years/:year', tag: payTag, permission: 'ADMIN',
    summary: '연도별 최저임금과 4대보험 근로자 부담률 저장',
    params: z.object({ year: z.coerce.number().int().min(2000).max(2100) }),
    body: yearRates.omit({ year: true }).extend({ source: text().trim().max(500).default('센터 입력') }),
    reply: payrollSettings,
  }),
};
