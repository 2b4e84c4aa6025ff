import { PAYROLL_ERRORS, type PayrollSettings, type YearRates } from '@academy/contracts/payroll';
import { asc } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { DEFAULT_YEAR_RATES, ratesFor } from './payroll.rates.ts';
import { payrollSettings, payrollYearRates } from './payroll.table.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

type SavedRates = YearRates & { source: string };

/**
 * The center's payroll settings: the overtime/night premium switch (on for 5+ employees) and the
 * rates by year (minimum wage, the employee's insurance shares). Saved years override the
 * defaults of payroll.rates.ts; changes are audited. Closed months keep the rates they were made with.
 */
export function createSettingsService({ ctx }: Pick<PayrollDeps, 'ctx'>) {
  const { db } = ctx;

  async function saved(): Promise<SavedRates[]> {
    const rows = await db.select().from(payrollYearRates).orderBy(asc(payrollYearRates.year));
    return rows.map((r) => ({ year: r.year, minimumWage: r.minimumWage, pensionPpm: r.pensionPpm, healthPpm: r.healthPpm, longTermCarePpm: r.longTermCarePpm, employmentPpm: r.employmentPpm, source: r.source }));
  }

  async function premiumsEnabled(): Promise<boolean> {
    const [row] = await db.select({ on: payrollSettings.premiumsEnabled }).from(payrollSettings);
    return row?.on ?? false;
  }

  async function get(): Promise<PayrollSettings> {
    const own = await saved();
    const years = new Map<number, SavedRates>();
    for (const r of [...DEFAULT_YEAR_RATES, ...own]) years.set(r.year, r);
    return { premiumsEnabled: await premiumsEnabled(), years: [...years.values()].sort((a, b) => b.year - a.year) };
  }

  return {
    get,
    premiumsEnabled,

    /** The rates a month of `year` is computed with, and a note when they are borrowed from an earlier year. */
    async ratesOf(year: number) {
      return ratesFor(year, await saved());
    },

    async setPremiums(opts: { premiumsEnabled: boolean; actorId: number }): Promise<PayrollSettings> {
      const before = await premiumsEnabled();
      await db.transaction(async () => {
        const values = { id: 1, premiumsEnabled: opts.premiumsEnabled, updatedBy: opts.actorId, updatedAt: ctx.now() };
        await db.insert(payrollSettings).values(values).onConflictDoUpdate({ target: payrollSettings.id, set: values });
        await ctx.audit.record({ actorId: opts.actorId, action: 'payroll.premiums', entity: 'payroll_settings', entityId: 1, before: { premiumsEnabled: before }, after: { premiumsEnabled: opts.premiumsEnabled } });
      });
      return get();
    },

    async setYear(opts: { rates: SavedRates; actorId: number }): Promise<PayrollSettings> {
      const r = opts.rates;
      if (r.longTermCarePpm > 0 && r.healthPpm === 0) throw appError(PAYROLL_ERRORS.year_rates_invalid, '장기요양보험은 건강보험료에 비례하므로 건강보험 요율이 필요합니다', { field: 'healthPpm' });
      const before = (await saved()).find((s) => s.year === r.year) ?? null;
      await db.transaction(async () => {
        const values = { ...r, updatedBy: opts.actorId, updatedAt: ctx.now() };
        await db.insert(payrollYearRates).values(values).onConflictDoUpdate({ target: payrollYearRates.year, set: values });
        await ctx.audit.record({ actorId: opts.actorId, action: 'payroll.year_rates', entity: 'payroll_year_rates', entityId: r.year, before, after: r });
      });
      return get();
    },
  };
}
