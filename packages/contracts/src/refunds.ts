/**
 * 교습비 반환 (refunds) by 학원의 설립·운영 및 과외교습에 관한 법률 시행령 제18조 and its 별표 4.
 * One pure function, used by the server (퇴원 / 수강 취소) and by the web's preview, so both always
 * show the same figure. The worked golden cases are in docs/billing.md.
 *
 * Figures are integers in won; every fraction is kept exact until the end and rounded down once.
 */
import { z } from 'zod';
import { addDays, daysBetween } from './dates.ts';
import { formatKoreanDate, formatWon } from './format.ts';
import { isoDateSchema } from './validation.ts';

export const refundCauseSchema = z.enum(['learner', 'center']);
export type RefundCause = z.infer<typeof refundCauseSchema>;

export const lawfulRefundInputSchema = z.object({
  paid: z.number().int().min(0).describe('납부한 교습비등 (원)'),
  periodStart: isoDateSchema.describe('교습기간 시작일'),
  periodEnd: isoDateSchema.describe('교습기간 종료일 (포함)'),
  sessions: z.array(z.object({
    date: isoDateSchema.describe('수업일'),
    minutes: z.number().int().min(0).max(24 * 60).describe('수업 시간 (분)'),
  })).max(2000).describe('기간의 수업 (휴강일 제외)'),
  causeDate: isoDateSchema.describe('반환 사유 발생일'),
  cause: refundCauseSchema.describe('반환 사유 (learner: 학습자, center: 학원)'),
  online: z.object({
    totalUnits: z.number().int().min(1).describe('전체 교습 분량'),
    watchedUnits: z.number().int().min(0).describe('실제 수강한 분량'),
  }).optional().describe('원격교습'),
}).refine((v) => v.periodEnd >= v.periodStart, { message: '종료일은 시작일보다 빠를 수 없습니다', path: ['periodEnd'] });
export type LawfulRefundInput = z.infer<typeof lawfulRefundInputSchema>;

export type LawfulRefund = {
  /** The refund in won, rounded down. */
  amount: number;
  /** A Korean sentence: which rule applied, with which figures. */
  basis: string;
}

/** The refund is due within this many days of the cause (시행령 제18조제3항). */
export const REFUND_DUE_DAYS = 5;

/** The last day the refund may be paid: the cause day plus 5 days. */
export function refundDueDate(causeDate: string): string {
  return addDays(causeDate, REFUND_DUE_DAYS);
}

/** The same day of the month `months` later, clamped to the month's last day (01-31 + 1 → 02-28). */
export function addMonths(isoDate: string, months: number): string {
  const y = Number(isoDate.slice(0, 4));
  const m = Number(isoDate.slice(5, 7)) - 1 + months;
  const d = Number(isoDate.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Months of a period, counted from its start: 03-01..03-31, 04-01..04-30, … The last may be short. */
export type PeriodMonth = { start: string; end: string; days: number; fullDays: number }

export function periodMonths(periodStart: string, periodEnd: string): PeriodMonth[] {
  const out: PeriodMonth[] = [];
  for (let k = 0; ; k += 1) {
    const start = addMonths(periodStart, k);
    if (start > periodEnd) break;
    const fullEnd = addDays(addMonths(periodStart, k + 1), -1);
    const end = fullEnd < periodEnd ? fullEnd : periodEnd;
    out.push({ start, end, days: daysBetween(start, end) + 1, fullDays: daysBetween(start, fullEnd) + 1 });
  }
  return out;
}

/** An exact fraction of the paid amount: paid × num ÷ den, rounded down. */
function share(paid: number, num: number, den: number): number {
  if (den === 0) return 0;
  return Number((BigInt(paid) * BigInt(num)) / BigInt(den));
}

const LAW = '(학원법 시행령 제18조 별표 4)';

type Stage = { label: string; num: number; den: number };

/** Where the learner stands in a stretch of sessions: the ≤ 1 month rule of the table. */
function stage(passed: number, total: number): Stage {
  if (passed === 0) return { label: '교습 시작 전', num: 1, den: 1 };
  if (passed * 3 < total) return { label: '총 교습시간의 1/3 경과 전', num: 2, den: 3 };
  if (passed * 2 < total) return { label: '총 교습시간의 1/2 경과 전', num: 1, den: 2 };
  return { label: '총 교습시간의 1/2 경과 후', num: 0, den: 1 };
}

function fractionLabel(s: Stage): string {
  if (s.num === 0) return '반환 없음';
  if (s.num === s.den) return '전액';
  return `${s.num}/${s.den}`;
}

function minutesIn(sessions: LawfulRefundInput['sessions'], from: string, to: string, before?: string) {
  let total = 0;
  let passed = 0;
  for (const s of sessions) {
    if (s.date < from || s.date > to) continue;
    total += s.minutes;
    if (before !== undefined && s.date < before) passed += s.minutes;
  }
  return { total, passed };
}

/**
 * The refund the law gives.
 * - `center` (폐강, 교습 정지, 이전 …): paid × (days from the cause day to the end, both included) ÷
 *   the period's days. With `online` too: the center's inability is counted in days all the same.
 * - `learner` with `online`: paid × (totalUnits − watchedUnits) ÷ totalUnits; sessions are ignored.
 * - `learner`, a period of 1 month or less: by the share of the total 교습시간 passed before the
 *   cause day (a session on the cause day has not passed): none → all; < 1/3 → 2/3; < 1/2 → 1/2;
 *   otherwise nothing. Exactly 1/3 passed gives 1/2; exactly 1/2 gives nothing.
 * - `learner`, a period over 1 month: before the first session, all; otherwise the month of the cause
 *   by the same rule (its sessions only, at that month's share) plus every later month in full.
 *   A whole month's share is paid ÷ months. When the period is not whole months, its last month is
 *   short and weighs its days ÷ the days a whole month from its start would have (a 15-day tail of a
 *   30-day month counts ½).
 */
export function lawfulRefund(input: LawfulRefundInput): LawfulRefund {
  const { paid, periodStart, periodEnd, causeDate } = input;
  const paidText = formatWon(paid);
  const causeText = formatKoreanDate(causeDate, { weekday: true });
  const periodText = `${formatKoreanDate(periodStart, { weekday: false })} ~ ${formatKoreanDate(periodEnd, { weekday: false })}`;

  if (input.cause === 'center') {
    const totalDays = daysBetween(periodStart, periodEnd) + 1;
    const from = causeDate < periodStart ? periodStart : causeDate;
    const leftDays = from > periodEnd ? 0 : daysBetween(from, periodEnd) + 1;
    const amount = share(paid, leftDays, totalDays);
    return {
      amount,
      basis: `학원 사유로 ${causeText}부터 교습할 수 없어, 교습기간 ${periodText} ${totalDays}일 중 남은 ${leftDays}일을 일할 계산해 `
        + `납부액 ${paidText} × ${leftDays}/${totalDays} = ${formatWon(amount)}을 반환합니다 ${LAW}.`,
    };
  }

  if (input.online) {
    const total = input.online.totalUnits;
    const watched = Math.min(Math.max(input.online.watchedUnits, 0), total);
    const amount = share(paid, total - watched, total);
    return {
      amount,
      basis: `원격교습: 전체 ${total} 중 실제 수강한 ${watched}에 해당하는 금액을 빼고 `
        + `납부액 ${paidText} × ${total - watched}/${total} = ${formatWon(amount)}을 반환합니다 ${LAW}.`,
    };
  }

  const months = periodMonths(periodStart, periodEnd);
  const monthsText = months.length === 1
    ? (months[0]!.days === months[0]!.fullDays ? '1개월' : '1개월 이내')
    : months.every((m) => m.days === m.fullDays) ? `${months.length}개월` : `${months.length - 1}개월 ${months[months.length - 1]!.days}일`;
  const head = `학습자 사유, 교습기간 ${monthsText}(${periodText})`;

  if (causeDate > periodEnd) {
    return { amount: 0, basis: `${head}: 사유 발생일 ${causeText} 현재 교습기간이 끝났으므로 반환할 금액이 없습니다 ${LAW}.` };
  }
  const overall = minutesIn(input.sessions, periodStart, periodEnd, causeDate);

  if (months.length === 1) {
    const s = stage(overall.passed, overall.total);
    const amount = share(paid, s.num, s.den);
    const figures = overall.passed === 0
      ? `사유 발생일 ${causeText} 현재 교습 시작 전`
      : `총 교습시간 ${overall.total}분 중 ${overall.passed}분 경과로 ${s.label}`;
    const result = s.num === 0
      ? `납부액 ${paidText}은 반환하지 않습니다`
      : `납부액 ${paidText}의 ${fractionLabel(s)}인 ${formatWon(amount)}을 반환합니다`;
    return { amount, basis: `${head}: ${figures}이므로 ${result} ${LAW}.` };
  }

  const fullDaysOfLast = months[months.length - 1]!.fullDays;
  const weight = (m: PeriodMonth) => (m.days === m.fullDays ? fullDaysOfLast : m.days);
  const totalWeight = months.reduce((sum, m) => sum + weight(m), 0);

  if (overall.passed === 0) {
    return { amount: paid, basis: `${head}: 사유 발생일 ${causeText} 현재 교습 시작 전이므로 납부액 ${paidText} 전액을 반환합니다 ${LAW}.` };
  }

  const idx = Math.max(0, months.findIndex((m) => causeDate >= m.start && causeDate <= m.end));
  const month = months[idx]!;
  const inMonth = minutesIn(input.sessions, month.start, month.end, causeDate);
  const s = stage(inMonth.passed, inMonth.total);
  const later = months.slice(idx + 1);
  const laterWeight = later.reduce((sum, m) => sum + weight(m), 0);
  // paid × (w(month) × num/den + later) ÷ totalWeight, in one exact fraction
  const amount = share(paid, weight(month) * s.num + laterWeight * s.den, totalWeight * s.den);
  const monthShare = share(paid, weight(month), totalWeight);
  const laterShare = share(paid, laterWeight, totalWeight);
  const monthPart = s.num === 0 ? '반환 없음' : `${formatWon(monthShare)}의 ${fractionLabel(s)}`;
  const laterPart = later.length === 0 ? '' : ` + 남은 ${later.length}개월분 ${formatWon(laterShare)} 전액`;
  return {
    amount,
    basis: `${head}: 반환 사유가 생긴 ${idx + 1}번째 달(${formatKoreanDate(month.start, { weekday: false })} ~ ${formatKoreanDate(month.end, { weekday: false })})은 `
      + `그 달 교습시간 ${inMonth.total}분 중 ${inMonth.passed}분 경과로 ${s.label}이므로 그 달 몫 ${monthPart}${laterPart}, `
      + `합계 ${formatWon(amount)}을 반환합니다 ${LAW}.`,
  };
}
