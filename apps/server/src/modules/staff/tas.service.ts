import { compareKorean } from '@academy/contracts/format';
import { hasPermission } from '@academy/contracts/roles';
import { kstToday } from '@academy/contracts/dates';
import { STAFF_ERRORS, type createTaBody, type Ta, type updateTaBody, type WageRate, type WageSettings } from '@academy/contracts/staff';
import { and, asc, desc, eq, isNull, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { appError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { userAccounts } from '../users/index.ts';
import { type RateHistory, recordRate } from './rate-history.ts';
import type { StaffDeps } from './staff.deps.ts';
import { EARLIEST_RATE_DATE, taProfiles, taWageRates } from './staff.table.ts';
import type { WageTypeService } from './wage-types.service.ts';

/** A TA with its pay settings, deleted accounts included (for payroll history). */
export type TaPayProfile = Ta & { deleted: boolean };

const taColumns = {
  id: userAccounts.id,
  loginId: userAccounts.loginId,
  name: userAccounts.name,
  phone: userAccounts.phone,
  isActive: userAccounts.isActive,
  isAdminLevel: userAccounts.isAdminLevel,
  deletedAt: userAccounts.deletedAt,
  createdAt: userAccounts.createdAt,
  paymentType: taProfiles.paymentType,
  hourlyWage: taProfiles.hourlyWage,
  monthlySalary: taProfiles.monthlySalary,
  salaryStartMonth: taProfiles.salaryStartMonth,
  monthlyWageType: taProfiles.monthlyWageType,
  wageTypeIds: taProfiles.wageTypeIds,
};

type TaRow = {
  id: number; loginId: string; name: string; phone: string | null; isActive: boolean; isAdminLevel: boolean; deletedAt: Date | null; createdAt: Date;
  paymentType: 'HOURLY' | 'MONTHLY' | null; hourlyWage: number | null; monthlySalary: number | null; salaryStartMonth: string | null;
  monthlyWageType: 'BUSINESS' | 'EMPLOYMENT' | null; wageTypeIds: number[] | null;
};

function toTa(r: TaRow): TaPayProfile {
  return {
    id: r.id,
    loginId: r.loginId,
    name: r.name,
    phone: r.phone,
    isActive: r.isActive,
    isAdminLevel: r.isAdminLevel,
    paymentType: r.paymentType ?? 'HOURLY',
    hourlyWage: r.hourlyWage,
    monthlySalary: r.monthlySalary,
    salaryStartMonth: r.salaryStartMonth,
    monthlyWageType: r.monthlyWageType ?? 'BUSINESS',
    wageTypeIds: r.wageTypeIds ?? [],
    createdAt: r.createdAt.toISOString(),
    deleted: r.deletedAt !== null,
  };
}

const publicTa = ({ deleted: _d, ...t }: TaPayProfile): Ta => t;
const loginIdTaken = (loginId: string) => appError(STAFF_ERRORS.login_id_taken, `이미 사용 중인 아이디입니다: ${loginId}`, { field: 'loginId' });

export type TaService = ReturnType<typeof createTaService>;

/**
 * TA accounts and their wage settings. Accounts are made and changed through the users module;
 * the settings are this module's `ta_profiles`. Every change is audited in its transaction.
 */
export function createTaService(deps: StaffDeps & { wageTypes: WageTypeService }) {
  const { ctx, users, wageTypes } = deps;
  const { db } = ctx;

  async function select(where: SQL | undefined): Promise<TaPayProfile[]> {
    const rows = await db
      .select(taColumns)
      .from(userAccounts)
      .leftJoin(taProfiles, eq(taProfiles.userId, userAccounts.id))
      .where(and(eq(userAccounts.userType, 'TA'), where));
    return (rows as TaRow[]).map(toTa).sort((a, b) => compareKorean(a.name, b.name));
  }

  async function find(id: number): Promise<TaPayProfile> {
    const [row] = await select(and(eq(userAccounts.id, id), isNull(userAccounts.deletedAt)));
    if (!row) throw appError(STAFF_ERRORS.not_found, '조교를 찾을 수 없습니다');
    return row;
  }

  async function guardLoginId<T>(loginId: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw loginIdTaken(loginId);
      throw e;
    }
  }

  /** An hourly TA must have a rate for every wage type they may clock in with. */
  async function checkRates(settings: WageSettings): Promise<void> {
    if (settings.paymentType !== 'HOURLY' || settings.hourlyWage !== null) return;
    const allowed = settings.wageTypeIds.length ? [...(await wageTypes.byIds(settings.wageTypeIds)).values()] : await wageTypes.active();
    const without = allowed.filter((t) => t.rate === null).map((t) => t.name);
    if (without.length) throw appError(STAFF_ERRORS.rate_missing, `시급이 없는 근무 유형(${without.join(', ')})이 있어 조교 시급이 필요합니다`, { field: 'hourlyWage' });
  }

  /** A TA's own rate by 적용 시작일 (`recordRate` keeps the rule). */
  function ownRates(userId: number): RateHistory {
    return {
      async rateOn(day) {
        const [row] = await db
          .select({ hourlyWage: taWageRates.hourlyWage })
          .from(taWageRates)
          .where(and(eq(taWageRates.userId, userId), lte(taWageRates.effectiveFrom, day)))
          .orderBy(desc(taWageRates.effectiveFrom))
          .limit(1);
        return row?.hourlyWage;
      },
      async write(day, hourlyWage, onConflict) {
        const values = { hourlyWage, createdAt: ctx.now() };
        const insert = db.insert(taWageRates).values({ userId, effectiveFrom: day, ...values });
        await (onConflict === 'keep' ? insert.onConflictDoNothing() : insert.onConflictDoUpdate({ target: [taWageRates.userId, taWageRates.effectiveFrom], set: values }));
      },
    };
  }

  function profileValues(s: WageSettings) {
    return {
      paymentType: s.paymentType,
      hourlyWage: s.hourlyWage,
      monthlySalary: s.monthlySalary,
      salaryStartMonth: s.salaryStartMonth,
      monthlyWageType: s.monthlyWageType,
      wageTypeIds: [...new Set(s.wageTypeIds)],
      updatedAt: ctx.now(),
    };
  }

  return {
    find,

    /** Live TAs (active and inactive), in 가나다 order. */
    async list(): Promise<Ta[]> {
      return (await select(isNull(userAccounts.deletedAt))).map(publicTa);
    },

    async get(id: number): Promise<Ta> {
      return publicTa(await find(id));
    },

    /** Every TA account with its settings, deleted ones too (their past months still pay). */
    payProfiles: () => select(undefined),

    /** Every TA's own-rate history, oldest first (payroll pays each work day at the rate then in force). */
    async rateHistories(): Promise<Map<number, WageRate[]>> {
      const rows = await db.select().from(taWageRates).orderBy(asc(taWageRates.userId), asc(taWageRates.effectiveFrom));
      const out = new Map<number, WageRate[]>();
      for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), { effectiveFrom: r.effectiveFrom, hourlyWage: r.hourlyWage }]);
      return out;
    },

    /** One TA's own-rate history, newest first (the wage dialog lists it). */
    async wageHistory(id: number): Promise<WageRate[]> {
      await find(id);
      const rows = await db.select().from(taWageRates).where(eq(taWageRates.userId, id)).orderBy(desc(taWageRates.effectiveFrom));
      return rows.map((r) => ({ effectiveFrom: r.effectiveFrom, hourlyWage: r.hourlyWage }));
    },

    async create(opts: { body: z.output<typeof createTaBody>; actorId: number }): Promise<Ta> {
      const { loginId, name, phone, password, ...settings } = opts.body;
      await wageTypes.requireIds({ ids: settings.wageTypeIds, field: 'wageTypeIds' });
      await checkRates(settings);
      const passwordHash = await hashPassword(password);
      const id = await guardLoginId(loginId, () =>
        db.transaction(async () => {
          if ((await users.loginIdOwner(loginId)) !== null) throw loginIdTaken(loginId);
          const [account] = await users.createAccounts([{ loginId, passwordHash, userType: 'TA', name, phone, isAdminLevel: settings.isAdminLevel, createdBy: opts.actorId }]);
          await db.insert(taProfiles).values({ userId: account!.id, ...profileValues(settings) });
          await db.insert(taWageRates).values({ userId: account!.id, effectiveFrom: EARLIEST_RATE_DATE, hourlyWage: settings.hourlyWage, createdAt: ctx.now() });
          await ctx.audit.record({ actorId: opts.actorId, action: 'ta.create', entity: 'ta', entityId: account!.id, after: { loginId, name, phone, ...settings } });
          return account!.id;
        }),
      );
      return publicTa(await find(id));
    },

    async update(opts: { id: number; body: z.output<typeof updateTaBody>; actorId: number }): Promise<Ta> {
      const before = await find(opts.id);
      const b = opts.body;
      await guardLoginId(b.loginId, () =>
        db.transaction(async () => {
          const owner = await users.loginIdOwner(b.loginId);
          if (owner !== null && owner !== opts.id) throw loginIdTaken(b.loginId);
          await users.updateAccount({ id: opts.id, changedBy: opts.actorId, loginId: b.loginId, name: b.name, phone: b.phone });
          await ctx.audit.record({ actorId: opts.actorId, action: 'ta.update', entity: 'ta', entityId: opts.id, before: { loginId: before.loginId, name: before.name, phone: before.phone }, after: b });
        }),
      );
      return publicTa(await find(opts.id));
    },

    /** Deactivation takes effect at the TA's next token refresh (docs/DECISIONS.md, foundation). */
    async toggleStatus(opts: { id: number; actorId: number }): Promise<Ta> {
      const before = await find(opts.id);
      await db.transaction(async () => {
        await users.setActive({ ids: [opts.id], isActive: !before.isActive });
        await ctx.audit.record({ actorId: opts.actorId, action: 'ta.toggle_status', entity: 'ta', entityId: opts.id, before: { isActive: before.isActive }, after: { isActive: !before.isActive } });
      });
      return publicTa(await find(opts.id));
    },

    /** Soft delete: the account leaves lists and sign-in; its records and payslips stay. */
    async delete(opts: { id: number; actorId: number }): Promise<{ id: number }> {
      const before = await find(opts.id);
      await db.transaction(async () => {
        await users.softDelete([opts.id]);
        await ctx.audit.record({ actorId: opts.actorId, action: 'ta.delete', entity: 'ta', entityId: opts.id, before: publicTa(before) });
      });
      return { id: opts.id };
    },

    /**
     * The wage settings of SPEC §3. A 실장 (admin-level TA) manages other TAs but not their own pay
     * or level: only another admin changes those.
     */
    async setWage(opts: { id: number; settings: WageSettings; actor: AuthUser }): Promise<Ta> {
      if (opts.actor.userId === opts.id) throw appError(STAFF_ERRORS.own_settings, '본인의 급여 설정과 관리자급 여부는 다른 관리자가 바꿉니다');
      if (!hasPermission(opts.actor, 'ADMIN')) throw appError(STAFF_ERRORS.own_settings, '관리자만 급여 설정을 바꿀 수 있습니다');
      const before = await find(opts.id);
      const s = opts.settings;
      await wageTypes.requireIds({ ids: s.wageTypeIds, field: 'wageTypeIds' });
      await checkRates(s);
      await db.transaction(async () => {
        await users.updateAccount({ id: opts.id, isAdminLevel: s.isAdminLevel });
        const values = profileValues(s);
        await db.insert(taProfiles).values({ userId: opts.id, ...values }).onConflictDoUpdate({ target: taProfiles.userId, set: values });
        await recordRate(ownRates(opts.id), { effectiveFrom: s.effectiveFrom ?? kstToday(ctx.now()), rate: s.hourlyWage, previous: before.hourlyWage });
        const { id: _i, loginId: _l, name: _n, phone: _p, isActive: _a, createdAt: _c, deleted: _d, ...settingsBefore } = before;
        await ctx.audit.record({ actorId: opts.actor.userId, action: 'ta.wage', entity: 'ta', entityId: opts.id, before: settingsBefore, after: s });
      });
      return publicTa(await find(opts.id));
    },
  };
}
