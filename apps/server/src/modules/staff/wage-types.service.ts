import { STAFF_ERRORS, type WageType, type WageTypeBody } from '@academy/contracts/staff';
import { kstToday } from '@academy/contracts/dates';
import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { missingIds } from '../../db/exists.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { appError } from '../../lib/errors.ts';
import { type RateHistory, recordRate } from './rate-history.ts';
import type { StaffDeps } from './staff.deps.ts';
import { EARLIEST_RATE_DATE, hourlyWageTypes, wageTypeRates, type WageTypeRow } from './staff.table.ts';

export type WageTypeService = ReturnType<typeof createWageTypeService>;

export function toWageType(r: WageTypeRow): WageType {
  return { id: r.id, name: r.name, rate: r.rate, isActive: r.isActive, sortOrder: r.sortOrder, createdAt: r.createdAt.toISOString() };
}

const nameTaken = (name: string) => appError(STAFF_ERRORS.wage_type_name_taken, `이미 있는 근무 유형입니다: ${name}`, { field: 'name' });

/** Hourly wage types (수업보조, 클리닉 …): list, create, edit, delete (hidden; records keep the name). */
export function createWageTypeService({ ctx }: Pick<StaffDeps, 'ctx'>) {
  const { db } = ctx;

  async function find(id: number): Promise<WageTypeRow> {
    const [row] = await db.select().from(hourlyWageTypes).where(and(eq(hourlyWageTypes.id, id), isNull(hourlyWageTypes.deletedAt)));
    if (!row) throw appError(STAFF_ERRORS.wage_type_not_found, '근무 유형을 찾을 수 없습니다');
    return row;
  }

  async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw nameTaken(name);
      throw e;
    }
  }

  /** A wage type's rate by 적용 시작일 (`recordRate` keeps the rule). */
  function typeRates(wageTypeId: number): RateHistory {
    return {
      async rateOn(day) {
        const [row] = await db
          .select({ rate: wageTypeRates.rate })
          .from(wageTypeRates)
          .where(and(eq(wageTypeRates.wageTypeId, wageTypeId), lte(wageTypeRates.effectiveFrom, day)))
          .orderBy(desc(wageTypeRates.effectiveFrom))
          .limit(1);
        return row?.rate;
      },
      async write(day, rate, onConflict) {
        const values = { rate, createdAt: ctx.now() };
        const insert = db.insert(wageTypeRates).values({ wageTypeId, effectiveFrom: day, ...values });
        await (onConflict === 'keep' ? insert.onConflictDoNothing() : insert.onConflictDoUpdate({ target: [wageTypeRates.wageTypeId, wageTypeRates.effectiveFrom], set: values }));
      },
    };
  }

  return {
    find,

    /** The rate history of these types, oldest first (payroll pays each work day at the rate then in force). */
    async rateHistories(ids: readonly number[]): Promise<Map<number, { effectiveFrom: string; rate: number | null }[]>> {
      const unique = [...new Set(ids)];
      const out = new Map<number, { effectiveFrom: string; rate: number | null }[]>();
      if (unique.length === 0) return out;
      const rows = await db.select().from(wageTypeRates).where(inArray(wageTypeRates.wageTypeId, unique)).orderBy(asc(wageTypeRates.wageTypeId), asc(wageTypeRates.effectiveFrom));
      for (const r of rows) out.set(r.wageTypeId, [...(out.get(r.wageTypeId) ?? []), { effectiveFrom: r.effectiveFrom, rate: r.rate }]);
      return out;
    },

    /** Live types in display order (sortOrder, then name). */
    async list(): Promise<WageType[]> {
      const rows = await db.select().from(hourlyWageTypes).where(isNull(hourlyWageTypes.deletedAt)).orderBy(asc(hourlyWageTypes.sortOrder), asc(hourlyWageTypes.name));
      return rows.map(toWageType);
    },

    /** Every type by id, deleted ones included: old records still show their names. */
    async byIds(ids: readonly number[]): Promise<Map<number, WageTypeRow>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db.select().from(hourlyWageTypes).where(inArray(hourlyWageTypes.id, unique));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Active, live types in display order. */
    async active(): Promise<WageTypeRow[]> {
      return db.select().from(hourlyWageTypes).where(and(isNull(hourlyWageTypes.deletedAt), eq(hourlyWageTypes.isActive, true))).orderBy(asc(hourlyWageTypes.sortOrder), asc(hourlyWageTypes.name));
    },

    /** Every id must be a live wage type; otherwise 400 naming them. */
    async requireIds(opts: { ids: readonly number[]; field: string }): Promise<void> {
      const missing = await missingIds(db, { from: hourlyWageTypes, id: hourlyWageTypes.id, ids: opts.ids, where: isNull(hourlyWageTypes.deletedAt) });
      if (missing.length) throw appError(STAFF_ERRORS.wage_type_invalid, `없는 근무 유형이 있습니다 (ID ${missing.join(', ')})`, { field: opts.field });
    },

    async create(opts: { input: WageTypeBody; actorId: number }): Promise<WageType> {
      const v = opts.input;
      const row = await guardName(v.name, () =>
        db.transaction(async () => {
          const [r] = await db
            .insert(hourlyWageTypes)
            .values({ name: v.name, rate: v.rate, isActive: v.isActive ?? true, sortOrder: v.sortOrder ?? 0, createdAt: ctx.now(), updatedAt: ctx.now() })
            .returning();
          await db.insert(wageTypeRates).values({ wageTypeId: r!.id, effectiveFrom: EARLIEST_RATE_DATE, rate: v.rate, createdAt: ctx.now() });
          await ctx.audit.record({ actorId: opts.actorId, action: 'wage_type.create', entity: 'wage_type', entityId: r!.id, after: toWageType(r!) });
          return r!;
        }),
      );
      return toWageType(row);
    },

    async update(opts: { id: number; input: WageTypeBody; actorId: number }): Promise<WageType> {
      const before = await find(opts.id);
      const v = opts.input;
      const row = await guardName(v.name, () =>
        db.transaction(async () => {
          const [r] = await db
            .update(hourlyWageTypes)
            .set({ name: v.name, rate: v.rate, isActive: v.isActive ?? true, sortOrder: v.sortOrder ?? 0, updatedAt: ctx.now() })
            .where(eq(hourlyWageTypes.id, opts.id))
            .returning();
          await recordRate(typeRates(opts.id), { effectiveFrom: v.effectiveFrom ?? kstToday(ctx.now()), rate: v.rate, previous: before.rate });
          await ctx.audit.record({ actorId: opts.actorId, action: 'wage_type.update', entity: 'wage_type', entityId: opts.id, before: toWageType(before), after: toWageType(r!) });
          return r!;
        }),
      );
      return toWageType(row);
    },

    async delete(opts: { id: number; actorId: number }): Promise<{ id: number }> {
      const before = await find(opts.id);
      await db.transaction(async () => {
        await db.update(hourlyWageTypes).set({ deletedAt: ctx.now(), isActive: false, updatedAt: ctx.now() }).where(eq(hourlyWageTypes.id, opts.id));
        await ctx.audit.record({ actorId: opts.actorId, action: 'wage_type.delete', entity: 'wage_type', entityId: opts.id, before: toWageType(before) });
      });
      return { id: opts.id };
    },
  };
}
