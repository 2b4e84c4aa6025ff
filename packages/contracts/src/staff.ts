/**
 * TAs (조교) as staff: their accounts, wage settings and the hourly wage types they clock in with
 * (SPEC §7 Admin: TA CRUD and wage settings, hourly-wage-types CRUD). Pay itself — work records,
 * expense claims, custom wages, payroll — is in payroll.ts. Rules: docs/payroll.md.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { reportIssues, type RuleIssue } from './rules.ts';
import { idParam, loginIdSchema, passwordSchema, phoneSchema, text } from './validation.ts';

export const STAFF_ERRORS = errorCodes('staff', {
  not_found: 404,
  login_id_taken: 409,
  wage_type_not_found: 404,
  wage_type_name_taken: 409,
  wage_type_invalid: 400,
  rate_missing: 400,
  salary_required: 400,
  own_settings: 403,
});

// ─── vocabulary ─────────────────────────────────────────────────────────────────────────────────

/** SPEC `paymentType`: paid by the hour (by wage type) or by the month. */
export const PAYMENT_TYPES = ['HOURLY', 'MONTHLY'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABEL: Record<PaymentType, string> = { HOURLY: '시급', MONTHLY: '월급' };

/**
 * SPEC `monthlyWageType`: how each month's pay is taxed, i.e. what is withheld from it.
 * BUSINESS: 사업소득 3.3% (소득세 3% + 지방소득세 0.3%); EMPLOYMENT: 근로소득 with the employee's
 * share of the four insurances (rates by year in the payroll settings).
 */
export const MONTHLY_WAGE_TYPES = ['BUSINESS', 'EMPLOYMENT'] as const;
export type MonthlyWageType = (typeof MONTHLY_WAGE_TYPES)[number];
export const MONTHLY_WAGE_TYPE_LABEL: Record<MonthlyWageType, string> = { BUSINESS: '사업소득 3.3%', EMPLOYMENT: '근로소득 (4대보험)' };

/** Whole won; no pay figure in this product has a fraction. */
export const MAX_HOURLY_WAGE = 1_000_000;
export const MAX_MONTHLY_SALARY = 100_000_000;

const won = (max: number, what: string) =>
  z.number({ message: `${what}은(는) 원 단위 숫자입니다` }).int(`${what}은(는) 원 단위 정수입니다`).min(0, `${what}은(는) 0원 이상입니다`).max(max, `${what}이(가) 너무 큽니다`);

/** "2026-03" (from the 1st) or "2026-03-16" (from that day: the first month is prorated). */
export const salaryStartSchema = text()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, '급여 시작월은 2026-03 또는 2026-03-16 형식입니다')
  .refine((v) => v.length === 7 || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), '없는 날짜입니다')
  .describe('월급 시작 (YYYY-MM이면 1일부터, YYYY-MM-DD면 그날부터: 첫 달은 일할 계산)');

/** The first day of pay of a salary start ("2026-03" → "2026-03-01"). */
export function salaryStartDate(v: string): string {
  return v.length === 7 ? `${v}-01` : v;
}

// ─── hourly wage types ──────────────────────────────────────────────────────────────────────────

/** The KST calendar day a new hourly rate applies from (work days before it keep the old rate). */
export const effectiveFromSchema = z.iso
  .date({ message: '적용 시작일은 YYYY-MM-DD 형식의 날짜여야 합니다' })
  .refine((d) => d >= '1900-01-01' && d <= '2999-12-31', { message: '적용 시작일은 1900년부터 2999년 사이의 날짜여야 합니다' })
  .describe('적용 시작일 (YYYY-MM-DD, 한국 날짜): 이날 이후 근무일부터 새 시급 적용 (비우면 오늘)');

export const wageTypeBody = z.object({
  name: text().trim().min(1, '이름을 입력해 주세요').max(30, '이름은 30자까지입니다').describe('근무 유형 이름 (수업보조, 클리닉, 채점 …)'),
  rate: won(MAX_HOURLY_WAGE, '시급').nullable().describe('이 유형의 시급 (원). null이면 조교 각자의 시급'),
  isActive: z.boolean().default(true).describe('출근할 때 고를 수 있음'),
  sortOrder: z.number().int().min(0).max(10_000).default(0).describe('표시 순서 (작을수록 먼저)'),
  effectiveFrom: effectiveFromSchema.optional().describe('수정할 때: 새 시급의 적용 시작일 (YYYY-MM-DD, 비우면 오늘)'),
});
export type WageTypeInput = z.input<typeof wageTypeBody>;
export type WageTypeBody = z.output<typeof wageTypeBody>;

export const wageType = z.object({
  id: z.number(),
  name: text(),
  rate: z.number().nullable(),
  isActive: z.boolean(),
  sortOrder: z.number(),
  createdAt: text(),
});
export type WageType = z.infer<typeof wageType>;

// ─── TAs and their wage settings ────────────────────────────────────────────────────────────────

/** The wage settings of SPEC §3 (hourlyWage … wageTypeIds), as one object. */
export const wageSettingsFields = z.object({
  paymentType: z.enum(PAYMENT_TYPES).default('HOURLY').describe('HOURLY 시급 / MONTHLY 월급'),
  hourlyWage: won(MAX_HOURLY_WAGE, '시급').nullable().default(null).describe('조교 본인 시급 (원): 시급이 없는 근무 유형에 적용'),
  monthlySalary: won(MAX_MONTHLY_SALARY, '월급').nullable().default(null).describe('월급 (원, 월급제)'),
  salaryStartMonth: salaryStartSchema.nullable().default(null),
  monthlyWageType: z.enum(MONTHLY_WAGE_TYPES).default('BUSINESS').describe('원천징수: BUSINESS 사업소득 3.3% / EMPLOYMENT 근로소득(4대보험 근로자 부담분)'),
  wageTypeIds: z.array(idParam).max(50).default([]).describe('출근할 때 고를 수 있는 근무 유형 (비우면 모든 사용 중 유형)'),
  isAdminLevel: z.boolean().default(false).describe('관리자급 조교 (실장): 관리 화면을 씀'),
});

/** A monthly TA needs a salary and the month it starts. */
export function wageSettingsIssues(v: { paymentType?: PaymentType; monthlySalary?: number | null; salaryStartMonth?: string | null }): RuleIssue[] {
  if (v.paymentType !== 'MONTHLY') return [];
  const out: RuleIssue[] = [];
  if (v.monthlySalary == null) out.push({ path: ['monthlySalary'], code: STAFF_ERRORS.salary_required.code, message: '월급제 조교의 월급을 입력해 주세요' });
  if (!v.salaryStartMonth) out.push({ path: ['salaryStartMonth'], code: STAFF_ERRORS.salary_required.code, message: '월급을 받기 시작하는 달을 입력해 주세요' });
  return out;
}

export const wageSettingsBody = wageSettingsFields
  .extend({ effectiveFrom: effectiveFromSchema.optional() })
  .superRefine((v, ctx) => reportIssues(ctx, wageSettingsIssues(v)));
export type WageSettingsInput = z.input<typeof wageSettingsBody>;
export type WageSettings = z.output<typeof wageSettingsBody>;

const accountFields = z.object({
  loginId: loginIdSchema,
  name: text().trim().min(1, '이름을 입력해 주세요').max(30).describe('이름'),
  phone: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), phoneSchema.nullable()).default(null).describe('전화번호 (하이픈 유무 무관, 비우면 없음)'),
});

export const createTaBody = accountFields
  .extend({ password: passwordSchema })
  .extend(wageSettingsFields.shape)
  .superRefine((v, ctx) => reportIssues(ctx, wageSettingsIssues(v)));
export type CreateTaInput = z.input<typeof createTaBody>;

export const updateTaBody = accountFields;
export type UpdateTaInput = z.input<typeof updateTaBody>;

export const ta = z.object({
  id: z.number(),
  loginId: text(),
  name: text(),
  phone: text().nullable(),
  isActive: z.boolean(),
  isAdminLevel: z.boolean(),
  paymentType: z.enum(PAYMENT_TYPES),
  hourlyWage: z.number().nullable(),
  monthlySalary: z.number().nullable(),
  salaryStartMonth: text().nullable(),
  monthlyWageType: z.enum(MONTHLY_WAGE_TYPES),
  wageTypeIds: z.array(z.number()),
  createdAt: text(),
});
export type Ta = z.infer<typeof ta>;

/** One row of a TA's rate history: the own hourly rate in force from that day on. */
export const wageRate = z.object({ effectiveFrom: text(), hourlyWage: z.number().nullable() });
export type WageRate = z.infer<typeof wageRate>;

// ─── endpoints ──────────────────────────────────────────────────────────────────────────────────

const tag = 'staff';

export const taApi = {
  list: endpoint({
    method: 'GET', path: '/admin/ta', tag, permission: 'ADMIN',
    summary: '조교 목록 (급여 설정 포함, 비활성 포함)', reply: z.array(ta),
  }),
  get: endpoint({ method: 'GET', path: '/admin/ta/:id', tag, permission: 'ADMIN', summary: '조교 상세 (급여 설정)', reply: ta }),
  create: endpoint({
    method: 'POST', path: '/admin/ta', tag, permission: 'ADMIN',
    summary: '조교 계정 만들기 (급여 설정 포함)', body: createTaBody, reply: ta,
  }),
  update: endpoint({
    method: 'PUT', path: '/admin/ta/:id', tag, permission: 'ADMIN',
    summary: '조교 계정 수정 (아이디, 이름, 전화번호)', body: updateTaBody, reply: ta,
  }),
  delete: endpoint({
    method: 'DELETE', path: '/admin/ta/:id', tag, permission: 'ADMIN',
    summary: '조교 삭제 (계정만 사라지고 근무·급여 기록은 남음)', reply: z.object({ id: z.number() }),
  }),
  toggleStatus: endpoint({
    method: 'PUT', path: '/admin/ta/:id/toggle-status', tag, permission: 'ADMIN',
    summary: '조교 계정 활성/비활성 전환', reply: ta,
  }),
  setWage: endpoint({
    method: 'PUT', path: '/admin/ta/:id/wage', tag, permission: 'ADMIN',
    summary: '조교 급여 설정 (hourlyWage, isAdminLevel, monthlySalary, salaryStartMonth, monthlyWageType, paymentType, wageTypeIds)',
    description: '본인의 급여 설정과 관리자급 여부는 다른 관리자만 바꿀 수 있습니다.',
    body: wageSettingsBody, reply: ta,
  }),
  wageHistory: endpoint({
    method: 'GET', path: '/admin/ta/:id/wage-history', tag, permission: 'ADMIN',
    summary: '조교 본인 시급 이력 (적용 시작일 순)', reply: z.array(wageRate),
  }),
};

export const wageTypesApi = {
  list: endpoint({
    method: 'GET', path: '/admin/hourly-wage-types', tag, permission: 'ADMIN',
    summary: '근무 유형(시급 유형) 목록', reply: z.array(wageType),
  }),
  create: endpoint({
    method: 'POST', path: '/admin/hourly-wage-types', tag, permission: 'ADMIN',
    summary: '근무 유형 만들기', body: wageTypeBody, reply: wageType,
  }),
  update: endpoint({
    method: 'PUT', path: '/admin/hourly-wage-types/:id', tag, permission: 'ADMIN',
    summary: '근무 유형 수정 (새 시급은 적용 시작일 이후 근무일부터)', body: wageTypeBody, reply: wageType,
  }),
  delete: endpoint({
    method: 'DELETE', path: '/admin/hourly-wage-types/:id', tag, permission: 'ADMIN',
    summary: '근무 유형 삭제 (목록과 출근 선택에서 빠지고, 지난 기록에는 이름이 남음)', reply: z.object({ id: z.number() }),
  }),
};
