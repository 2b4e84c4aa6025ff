import { kstToday } from '@academy/contracts/dates';
import { formatMonth, PAYROLL_ERRORS, type MyPay, type PayrollInfo, type PayrollLine } from '@academy/contracts/payroll';
import { compareKorean } from '@academy/contracts/format';
import { and, count, eq, gte, lte, ne } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { requireTaUser } from './clock.service.ts';
import { computePayrollLine, monthBounds, recordWindow } from './compute.ts';
import type { MonthService } from './months.service.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { customWages, expenseClaims, payrollCloses, workRecords } from './payroll.table.ts';
import type { RecordService } from './records.service.ts';
import type { SettingsService } from './settings.service.ts';

export type PayrollService = ReturnType<typeof createPayrollService>;

const isEmpty = (l: PayrollLine) =>
  l.minutesWorked === 0 && l.weeklyHoliday.length === 0 && l.salary === null && l.custom.length === 0 && l.expenses.length === 0 && l.openRecords === 0;

/**
 * The month's payroll: every TA's line computed from the records, settings, custom wages and
 * approved claims (compute.ts), or — once the month is closed — the snapshot made at close, so a
 * closed month never changes. Closing needs the month to be over and every record of it closed.
 */
export function createPayrollService(deps: PayrollDeps & { months: MonthService; records: RecordService; settings: SettingsService }) {
  const { ctx, staff, users, months, records, settings } = deps;
  const { db } = ctx;

  /** The live computation of a month (for every TA, or one). */
  async function compute(opts: { month: string; taId?: number }): Promise<PayrollInfo> {
    const { month, taId } = opts;
    const window = recordWindow(month);
    const onlyTa = (col: AnyPgColumn) => (taId === undefined ? undefined : eq(col, taId));
    const [profiles, rateHistories, recordRows, customRows, claimRows, premiumsEnabled, { rates, note }] = await Promise.all([
      staff.tas.payProfiles(),
      staff.tas.rateHistories(),
      db
        .select({ taId: workRecords.taId, wageTypeId: workRecords.wageTypeId, startedAt: workRecords.startedAt, endedAt: workRecords.endedAt, status: workRecords.status, workDate: workRecords.workDate })
        .from(workRecords)
        .where(and(gte(workRecords.workDate, window.from), lte(workRecords.workDate, window.to), onlyTa(workRecords.taId))),
      db.select().from(customWages).where(and(eq(customWages.month, month), onlyTa(customWages.taId))),
      db.select().from(expenseClaims).where(and(eq(expenseClaims.payMonth, month), eq(expenseClaims.status, 'approved'), onlyTa(expenseClaims.taId))),
      settings.premiumsEnabled(),
      settings.ratesOf(Number(month.slice(0, 4))),
    ]);
    const typeIds = [...new Set(recordRows.map((r) => r.wageTypeId))];
    const [types, typeRates] = await Promise.all([staff.wageTypes.byIds(typeIds), staff.wageTypes.rateHistories(typeIds)]);
    const wageTypes = new Map([...types.values()].map((t) => [t.id, { name: t.name, rate: t.rate, history: typeRates.get(t.id) ?? [] }]));
    const group = <T extends { taId: number }>(rows: readonly T[]) => {
      const m = new Map<number, T[]>();
      for (const r of rows) m.set(r.taId, [...(m.get(r.taId) ?? []), r]);
      return m;
    };
    const recordsByTa = group(recordRows);
    const customByTa = group(customRows);
    const claimsByTa = group(claimRows);

    const lines: PayrollLine[] = [];
    for (const p of profiles) {
      if (taId !== undefined && p.id !== taId) continue;
      const line = computePayrollLine({
        month,
        ta: { ...p, hourlyWageHistory: rateHistories.get(p.id) ?? [], active: p.isActive && !p.deleted },
        records: recordsByTa.get(p.id) ?? [],
        wageTypes,
        custom: (customByTa.get(p.id) ?? []).sort((a, b) => a.id - b.id),
        expenses: claimsByTa.get(p.id) ?? [],
        premiumsEnabled,
        rates,
      });
      if (!isEmpty(line)) lines.push(line);
    }
    lines.sort((a, b) => compareKorean(a.name, b.name) || a.taId - b.taId);
    const notes = [
      ...(note ? [note] : []),
      ...(lines.some((l) => l.openRecords > 0) ? ['근무 중이거나 퇴근 누락인 기록은 퇴근 시각이 정해질 때까지 계산에서 빠집니다.'] : []),
      ...(premiumsEnabled ? [] : ['연장·야간 가산은 꺼져 있습니다 (상시 근로자 5인 이상 사업장이면 급여 설정에서 켜 주세요).']),
    ];
    const sum = (pick: (l: PayrollLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
    return {
      month,
      status: 'open',
      closedAt: null,
      closedByName: null,
      premiumsEnabled,
      rates: { year: rates.year, minimumWage: rates.minimumWage, pensionPpm: rates.pensionPpm, healthPpm: rates.healthPpm, longTermCarePpm: rates.longTermCarePpm, employmentPpm: rates.employmentPpm },
      notes,
      lines,
      totals: { wages: sum((l) => l.totals.wages), expenses: sum((l) => l.totals.expenses), gross: sum((l) => l.totals.gross), withholding: sum((l) => l.totals.withholding), net: sum((l) => l.totals.net) },
    };
  }

  async function snapshot(month: string): Promise<PayrollInfo | null> {
    const [row] = await db.select({ info: payrollCloses.info }).from(payrollCloses).where(eq(payrollCloses.month, month));
    return row?.info ?? null;
  }

  /** A closed month's frozen payroll, or the live one. */
  async function info(month: string): Promise<PayrollInfo> {
    return (await snapshot(month)) ?? compute({ month });
  }

  return {
    info,

    /** One TA's line of a month (null when they have nothing that month), for payslips and my-pay. */
    async lineOf(opts: { month: string; taId: number }): Promise<{ info: PayrollInfo; line: PayrollLine | null }> {
      const frozen = await snapshot(opts.month);
      const data = frozen ?? (await compute({ month: opts.month, taId: opts.taId }));
      return { info: data, line: data.lines.find((l) => l.taId === opts.taId) ?? null };
    },

    async myPay(opts: { user: AuthUser; month: string }): Promise<MyPay> {
      const taId = requireTaUser(opts.user);
      await records.flagMissingOut({ taId });
      const frozen = await snapshot(opts.month);
      const data = frozen ?? (await compute({ month: opts.month, taId }));
      return { month: opts.month, status: data.status, asOf: frozen?.closedAt ?? ctx.now().toISOString(), line: data.lines.find((l) => l.taId === taId) ?? null };
    },

    /**
     * Closes a month that is over: its payroll is computed once more and frozen, and from then on
     * no record, custom wage or claim payment of that month changes (months.requireOpen).
     */
    async close(opts: { month: string; actorId: number }): Promise<PayrollInfo> {
      const { last } = monthBounds(opts.month);
      if (last >= kstToday(ctx.now())) throw appError(PAYROLL_ERRORS.month_not_over, `${formatMonth(opts.month)}이 끝난 뒤에 마감할 수 있습니다`);
      await records.flagMissingOut();
      return db.transaction(async () => {
        await months.lock([opts.month]);
        const existing = await snapshot(opts.month);
        if (existing) return existing;
        const { first } = monthBounds(opts.month);
        const [open] = await db
          .select({ n: count() })
          .from(workRecords)
          .where(and(gte(workRecords.workDate, first), lte(workRecords.workDate, last), ne(workRecords.status, 'closed')));
        if ((open?.n ?? 0) > 0) {
          throw appError(PAYROLL_ERRORS.month_has_open_records, `퇴근 시각이 없는 근무 기록 ${open!.n}건을 먼저 정정해 주세요 (근무 기록 화면의 '퇴근 누락')`);
        }
        const live = await compute({ month: opts.month });
        const closedAt = ctx.now();
        const actor = (await users.directory([opts.actorId])).get(opts.actorId);
        const frozen: PayrollInfo = { ...live, status: 'closed', closedAt: closedAt.toISOString(), closedByName: actor?.name ?? null };
        await db.insert(payrollCloses).values({ month: opts.month, closedBy: opts.actorId, closedAt, info: frozen });
        await ctx.audit.record({ actorId: opts.actorId, action: 'payroll.close', entity: 'payroll_month', entityId: opts.month, after: { lines: frozen.lines.length, totals: frozen.totals } });
        return frozen;
      });
    },
  };
}
