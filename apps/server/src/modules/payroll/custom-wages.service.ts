import { PAYROLL_ERRORS, type CustomWage, type CustomWageBody } from '@academy/contracts/payroll';
import { and, asc, desc, eq } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { MonthService } from './months.service.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { customWages, type CustomWageRow } from './payroll.table.ts';

export type CustomWageService = ReturnType<typeof createCustomWageService>;

const snapshot = (r: CustomWageRow) => ({ taId: r.taId, month: r.month, amount: r.amount, memo: r.memo });

/** Monthly custom wages (추가·공제): per TA and month, with a memo; closed months refuse them. */
export function createCustomWageService(deps: PayrollDeps & { months: MonthService }) {
  const { ctx, users, staff, months } = deps;
  const { db } = ctx;

  async function reply(rows: readonly CustomWageRow[]): Promise<CustomWage[]> {
    const people = await users.directory(rows.flatMap((r) => [r.taId, ...(r.createdBy === null ? [] : [r.createdBy])]));
    return rows.map((r) => ({
      id: r.id, taId: r.taId, taName: people.get(r.taId)?.name ?? '(삭제된 계정)', month: r.month, amount: r.amount, memo: r.memo,
      createdAt: r.createdAt.toISOString(), createdByName: r.createdBy === null ? null : (people.get(r.createdBy)?.name ?? null),
    }));
  }

  async function find(id: number): Promise<CustomWageRow> {
    const [row] = await db.select().from(customWages).where(eq(customWages.id, id));
    if (!row) throw appError(PAYROLL_ERRORS.custom_wage_not_found, '추가·공제 항목을 찾을 수 없습니다');
    return row;
  }

  return {
    async list(opts: { month?: string; taId?: number }): Promise<CustomWage[]> {
      const rows = await db
        .select()
        .from(customWages)
        .where(and(opts.month === undefined ? undefined : eq(customWages.month, opts.month), opts.taId === undefined ? undefined : eq(customWages.taId, opts.taId)))
        .orderBy(desc(customWages.month), asc(customWages.taId), asc(customWages.id))
        .limit(2000);
      return reply(rows);
    },

    async create(opts: { input: CustomWageBody; actorId: number }): Promise<CustomWage> {
      const v = opts.input;
      await staff.tas.find(v.taId);
      const row = await db.transaction(async () => {
        await months.requireOpen({ months: [v.month], field: 'month' });
        const [r] = await db.insert(customWages).values({ taId: v.taId, month: v.month, amount: v.amount, memo: v.memo, createdBy: opts.actorId, createdAt: ctx.now(), updatedAt: ctx.now() }).returning();
        await ctx.audit.record({ actorId: opts.actorId, action: 'custom_wage.create', entity: 'custom_wage', entityId: r!.id, after: snapshot(r!) });
        return r!;
      });
      return (await reply([row]))[0]!;
    },

    async update(opts: { id: number; input: CustomWageBody; actorId: number }): Promise<CustomWage> {
      const before = await find(opts.id);
      const v = opts.input;
      if (v.taId !== before.taId) await staff.tas.find(v.taId);
      const row = await db.transaction(async () => {
        await months.requireOpen({ months: [before.month, v.month], field: 'month' });
        const [r] = await db.update(customWages).set({ taId: v.taId, month: v.month, amount: v.amount, memo: v.memo, updatedAt: ctx.now() }).where(eq(customWages.id, before.id)).returning();
        await ctx.audit.record({ actorId: opts.actorId, action: 'custom_wage.update', entity: 'custom_wage', entityId: before.id, before: snapshot(before), after: snapshot(r!) });
        return r!;
      });
      return (await reply([row]))[0]!;
    },

    async delete(opts: { id: number; actorId: number }): Promise<{ id: number }> {
      const before = await find(opts.id);
      await db.transaction(async () => {
        await months.requireOpen({ months: [before.month] });
        await db.delete(customWages).where(eq(customWages.id, before.id));
        await ctx.audit.record({ actorId: opts.actorId, action: 'custom_wage.delete', entity: 'custom_wage', entityId: before.id, before: snapshot(before) });
      });
      return { id: opts.id };
    },
  };
}
