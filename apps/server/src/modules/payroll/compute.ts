import { addDays } from '@academy/contracts/dates';
import type { PayrollLine, YearRates } from '@academy/contracts/payroll';
import type { MonthlyWageType, PaymentType } from '@academy/contracts/staff';
import { salaryStartDate } from '@academy/contracts/staff';
import { withhold } from './withholding.ts';

/**
 * The payroll of one TA for one month: a pure function of the records and settings, so it can be
 * tested case by case and moved to a worker thread unchanged. Every rule and rounding is written
 * with a worked example in docs/payroll.md; the golden cases there are tests (payroll.golden.test.ts).
 *
 * Time is whole minutes on the Korean clock (UTC+9, no daylight saving). Money is whole won: each
 * amount is the exact fraction floored once, at the line it is shown on.
 */

export type ComputeTa = {
  id: number;
  name: string;
  loginId: string;
  paymentType: PaymentType;
  hourlyWage: number | null;
  /** The own rate by 적용 시작일, oldest first; a work day takes the latest row on or before it (none: hourlyWage). */
  hourlyWageHistory?: readonly { effectiveFrom: string; hourlyWage: number | null }[];
  monthlySalary: number | null;
  salaryStartMonth: string | null;
  monthlyWageType: MonthlyWageType;
  /** Inactive or deleted accounts get no salary (their last partial month is a custom wage). */
  active: boolean;
};

export type ComputeRecord = { wageTypeId: number; startedAt: Date; endedAt: Date | null; status: 'open' | 'closed' | 'missing_out'; workDate: string };

export type ComputeInput = {
  month: string;
  ta: ComputeTa;
  /** The TA's records with a work date from the Monday a week before the month's first week to the month's last day. */
  records: readonly ComputeRecord[];
  /** Each type's name and rate; `history` (oldest first) gives the rate by 적용 시작일 instead. */
  wageTypes: ReadonlyMap<number, { name: string; rate: number | null; history?: readonly { effectiveFrom: string; rate: number | null }[] }>;
  custom: readonly { id: number; amount: number; memo: string }[];
  expenses: readonly { id: number; date: string; amount: number; memo: string }[];
  premiumsEnabled: boolean;
  rates: YearRates;
};

const KST_MIN = 9 * 60;
const DAY = 1440;
const NIGHT_END = 6 * 60;
const NIGHT_START = 22 * 60;
const DAY_LIMIT = 8 * 60;
const WEEK_LIMIT = 40 * 60;
const WEEKLY_HOLIDAY_MIN = 15 * 60;

/** Korean-clock minutes since the epoch (an instant's seconds are already dropped when stored). */
const localMinute = (d: Date) => Math.floor(d.getTime() / 60_000) + KST_MIN;
const dayIndexOf = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000);
const dateOf = (dayIndex: number) => new Date(dayIndex * 86_400_000).toISOString().slice(0, 10);
/** Weeks start on Monday; day 0 (1970-01-01) was a Thursday. */
const weekOf = (dayIndex: number) => Math.floor((dayIndex + 3) / 7);
const mondayOf = (week: number) => week * 7 - 3;

/** floor(a / b) for a ≥ 0, b > 0 in integers. */
const div = (a: number, b: number) => Math.floor(a / b);

export function monthBounds(month: string): { first: string; last: string; days: number } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}`, days };
}

/** The work dates a month's payroll reads: its own, and the weeks that reach into it from before. */
export function recordWindow(month: string): { from: string; to: string } {
  const { first, last } = monthBounds(month);
  return { from: addDays(dateOf(mondayOf(weekOf(dayIndexOf(first)))), -7), to: last };
}

type Piece = { start: number; end: number; day: number; workday: number; typeId: number; night: boolean; overtime: boolean };

/** A record cut at midnight, 06:00 and 22:00: each piece lies in one calendar day and is all night or all day. */
function cut(r: ComputeRecord): Piece[] {
  const s = localMinute(r.startedAt);
  const e = localMinute(r.endedAt!);
  const workday = dayIndexOf(r.workDate);
  const out: Piece[] = [];
  let at = s;
  while (at < e) {
    const day = Math.floor(at / DAY);
    const minute = at - day * DAY;
    const boundary = day * DAY + (minute < NIGHT_END ? NIGHT_END : minute < NIGHT_START ? NIGHT_START : DAY);
    const end = Math.min(e, boundary);
    out.push({ start: at, end, day, workday, typeId: r.wageTypeId, night: minute < NIGHT_END || minute >= NIGHT_START, overtime: false });
    at = end;
  }
  return out;
}

/** Minutes of a shift between 22:00 and 06:00 on the Korean clock. */
export function nightMinutes(startedAt: Date, endedAt: Date): number {
  return cut({ wageTypeId: 0, startedAt, endedAt, status: 'closed', workDate: '1970-01-01' }).reduce((s, p) => s + (p.night ? p.end - p.start : 0), 0);
}

/** Splits the pieces (in time order) so that minutes past `limit` within each group are overtime. */
function markOvertime(pieces: Piece[], group: (p: Piece) => number, limit: number, counts: (p: Piece) => boolean): Piece[] {
  const used = new Map<number, number>();
  const out: Piece[] = [];
  for (const p of pieces) {
    if (!counts(p)) {
      out.push(p);
      continue;
    }
    const g = group(p);
    const before = used.get(g) ?? 0;
    const len = p.end - p.start;
    used.set(g, before + len);
    const regular = Math.max(0, Math.min(len, limit - before));
    if (regular > 0) out.push({ ...p, end: p.start + regular });
    if (regular < len) out.push({ ...p, start: p.start + regular, overtime: true });
  }
  return out;
}

export function computePayrollLine(input: ComputeInput): PayrollLine {
  const { month, ta, rates, premiumsEnabled } = input;
  const { first, last, days } = monthBounds(month);
  const firstDay = dayIndexOf(first);
  const lastDay = dayIndexOf(last);
  const inMonth = (day: number) => day >= firstDay && day <= lastDay;
  /** The latest row on or before the day; without history, the current rate. */
  const rateOn = (history: readonly { effectiveFrom: string; rate: number | null }[], current: number | null, workday: number) => {
    const date = dateOf(workday);
    let rate = history.length ? null : current;
    for (const h of history) if (h.effectiveFrom <= date) rate = h.rate;
    return rate;
  };
  const ownHistory = (ta.hourlyWageHistory ?? []).map((h) => ({ effectiveFrom: h.effectiveFrom, rate: h.hourlyWage }));
  const rateOf = (typeId: number, workday: number) => {
    const type = input.wageTypes.get(typeId);
    return (type ? rateOn(type.history ?? [], type.rate, workday) : null) ?? rateOn(ownHistory, ta.hourlyWage, workday);
  };

  const done = input.records.filter((r) => r.status === 'closed' && r.endedAt);
  let pieces = done.flatMap(cut).sort((a, b) => a.start - b.start);
  // A shift belongs to the day it starts (the 8-hour day, the 40- and 15-hour weeks); its minutes
  // are paid in the month of the calendar day they fall on.
  pieces = markOvertime(pieces, (p) => p.workday, DAY_LIMIT, () => true);
  pieces = markOvertime(pieces, (p) => weekOf(p.workday), WEEK_LIMIT, (p) => !p.overtime);

  const hourly = ta.paymentType === 'HOURLY';
  // One row per wage type and rate: a rate change within the month shows both rates.
  const byType = new Map<string, { typeId: number; rate: number | null; minutes: number; night: number; overtime: number }>();
  const daysWorked = new Set<number>();
  let minutesWorked = 0;
  for (const p of pieces) {
    if (!inMonth(p.day)) continue;
    const len = p.end - p.start;
    minutesWorked += len;
    if (len > 0) daysWorked.add(p.day);
    const rate = rateOf(p.typeId, p.workday);
    const key = `${p.typeId}:${rate}`;
    const t = byType.get(key) ?? { typeId: p.typeId, rate, minutes: 0, night: 0, overtime: 0 };
    t.minutes += len;
    if (p.night) t.night += len;
    if (p.overtime) t.overtime += len;
    byType.set(key, t);
  }

  const minimum = rates.minimumWage;
  const hours = [...byType.values()]
    .map(({ typeId: wageTypeId, rate, minutes }) => ({
      wageTypeId,
      name: input.wageTypes.get(wageTypeId)?.name ?? '삭제된 유형',
      minutes,
      rate,
      amount: hourly ? div(minutes * (rate ?? 0), 60) : 0,
      belowMinimum: hourly && (rate ?? 0) < minimum,
    }))
    .sort((a, b) => b.minutes - a.minutes || a.wageTypeId - b.wageTypeId || (a.rate ?? 0) - (b.rate ?? 0));

  // +50% of the type's rate for each overtime or night minute: Σ minutes × rate ÷ 120, floored once.
  let nightMinutes = 0;
  let nightWeighted = 0;
  let overtimeMinutes = 0;
  let overtimeWeighted = 0;
  for (const t of byType.values()) {
    const rate = t.rate ?? 0;
    nightMinutes += t.night;
    nightWeighted += t.night * rate;
    overtimeMinutes += t.overtime;
    overtimeWeighted += t.overtime * rate;
  }
  const premiumsPaid = hourly && premiumsEnabled;
  const night = { minutes: nightMinutes, amount: premiumsPaid ? div(nightWeighted, 120) : 0 };
  const overtime = { minutes: premiumsEnabled ? overtimeMinutes : 0, amount: premiumsPaid ? div(overtimeWeighted, 120) : 0 };

  // 주휴수당: each week (Monday–Sunday) ending in this month with 15 hours or more:
  // min(hours, 40) ÷ 40 × 8 × the week's average rate = min(M, 2400) × 8 × Σ(mᵢ × rateᵢ) ÷ (2400 × M).
  const weeks = new Map<number, { minutes: number; weighted: number }>();
  for (const p of pieces) {
    const w = weekOf(p.workday);
    const sunday = mondayOf(w) + 6;
    if (!inMonth(sunday)) continue;
    const acc = weeks.get(w) ?? { minutes: 0, weighted: 0 };
    acc.minutes += p.end - p.start;
    acc.weighted += (p.end - p.start) * (rateOf(p.typeId, p.workday) ?? 0);
    weeks.set(w, acc);
  }
  // A monthly salary already includes the paid weekly holiday; the weeks still count for its hourly check.
  const weeklyHoliday = [...weeks.entries()]
    .filter(([, w]) => hourly && w.minutes >= WEEKLY_HOLIDAY_MIN)
    .sort(([a], [b]) => a - b)
    .map(([w, acc]) => ({
      weekStart: dateOf(mondayOf(w)),
      weekEnd: dateOf(mondayOf(w) + 6),
      minutes: acc.minutes,
      amount: div(Math.min(acc.minutes, WEEK_LIMIT) * 8 * acc.weighted, WEEK_LIMIT * acc.minutes),
    }));

  // Monthly pay from the start date; a first partial month by calendar days: salary × days ÷ days in month.
  let salary: PayrollLine['salary'] = null;
  if (!hourly && ta.active && ta.monthlySalary !== null && ta.salaryStartMonth) {
    const start = dayIndexOf(salaryStartDate(ta.salaryStartMonth));
    if (start <= lastDay) {
      const paidDays = start <= firstDay ? days : lastDay - start + 1;
      salary = { monthlySalary: ta.monthlySalary, paidDays, daysInMonth: days, amount: div(ta.monthlySalary * paidDays, days) };
    }
  }

  const custom = input.custom.map((c) => ({ id: c.id, amount: c.amount, memo: c.memo }));
  const expenses = input.expenses.map((e) => ({ id: e.id, date: e.date, amount: e.amount, memo: e.memo })).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const sum = (xs: readonly { amount: number }[]) => xs.reduce((s, x) => s + x.amount, 0);

  const totalsHourly = sum(hours);
  const totalsWeekly = sum(weeklyHoliday);
  const premiums = night.amount + overtime.amount;
  const salaryAmount = salary?.amount ?? 0;
  const customTotal = sum(custom);
  const wages = totalsHourly + totalsWeekly + premiums + salaryAmount + customTotal;
  const expensesTotal = sum(expenses);
  const withholding = withhold({ base: wages, type: ta.monthlyWageType, rates });
  const withheld = sum(withholding);

  // A monthly salary is checked per hour over the hours it pays: worked hours plus 주휴 hours.
  let effectiveRate: number | null = null;
  if (!hourly && salary) {
    const holidayMinutes = [...weeks.values()].filter((w) => w.minutes >= WEEKLY_HOLIDAY_MIN).reduce((s, w) => s + div(Math.min(w.minutes, WEEK_LIMIT) * 8, 40), 0);
    const paidMinutes = minutesWorked + holidayMinutes;
    effectiveRate = paidMinutes > 0 ? div(salary.amount * 60, paidMinutes) : null;
  }

  return {
    taId: ta.id,
    name: ta.name,
    loginId: ta.loginId,
    paymentType: ta.paymentType,
    monthlyWageType: ta.monthlyWageType,
    minutesWorked,
    daysWorked: daysWorked.size,
    hours,
    weeklyHoliday,
    overtime,
    night,
    salary,
    custom,
    expenses,
    withholding,
    totals: {
      hourly: totalsHourly,
      weeklyHoliday: totalsWeekly,
      premiums,
      salary: salaryAmount,
      custom: customTotal,
      wages,
      expenses: expensesTotal,
      gross: wages + expensesTotal,
      withholding: withheld,
      net: wages + expensesTotal - withheld,
    },
    minimumWage: minimum,
    effectiveRate,
    belowMinimum: hours.some((h) => h.belowMinimum) || (effectiveRate !== null && effectiveRate < minimum),
    openRecords: input.records.filter((r) => r.status !== 'closed' && inMonth(dayIndexOf(r.workDate))).length,
  };
}
