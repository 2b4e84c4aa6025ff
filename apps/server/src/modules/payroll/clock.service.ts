import { kstToday } from '@academy/contracts/dates';
import { PAYROLL_ERRORS, type WorkRecord, type WorkStatusReply } from '@academy/contracts/payroll';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { monthBounds } from './compute.ts';
import type { MonthService } from './months.service.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { workRecords } from './payroll.table.ts';
import type { RecordService } from './records.service.ts';
import { monthsOfRecord, statusAt, toMinute } from './records.rows.ts';

/** Only TA accounts clock in (an admin-level TA too); a 원장 account has no pay. */
export function requireTaUser(user: AuthUser): number {
  if (user.userType !== 'TA') throw appError(PAYROLL_ERRORS.not_a_ta, '조교 계정만 출근·퇴근과 급여를 씁니다');
  return user.userId;
}

/**
 * The TA's own clock: at most one open record (a partial unique index backs the check against two
 * clicks at once), clocking out closes it, and a record left open past its work day is flagged
 * for an admin instead of being closed with a made-up time.
 */
export function createClockService(deps: PayrollDeps & { months: MonthService; records: RecordService }) {
  const { ctx, staff, months, records } = deps;
  const { db } = ctx;

  async function openRow(taId: number) {
    const [row] = await db.select().from(workRecords).where(and(eq(workRecords.taId, taId), eq(workRecords.status, 'open')));
    return row ?? null;
  }

  return {
    async status(user: AuthUser): Promise<WorkStatusReply> {
      const taId = requireTaUser(user);
      await records.flagMissingOut({ taId });
      const [open, missing, wageTypes] = await Promise.all([
        openRow(taId),
        db.select().from(workRecords).where(and(eq(workRecords.taId, taId), eq(workRecords.status, 'missing_out'))).orderBy(asc(workRecords.startedAt)),
        staff.clockOptions(taId),
      ]);
      const [openReply] = open ? await records.reply([open]) : [null];
      return { open: openReply ?? null, missingOut: await records.reply(missing), wageTypes, now: ctx.now().toISOString() };
    },

    async myRecords(opts: { user: AuthUser; month: string }): Promise<WorkRecord[]> {
      const taId = requireTaUser(opts.user);
      const { first, last } = monthBounds(opts.month);
      const rows = await db
        .select()
        .from(workRecords)
        .where(and(eq(workRecords.taId, taId), gte(workRecords.workDate, first), lte(workRecords.workDate, last)))
        .orderBy(asc(workRecords.startedAt));
      return records.reply(rows);
    },

    async clockIn(opts: { user: AuthUser; wageTypeId: number }): Promise<WorkRecord> {
      const taId = requireTaUser(opts.user);
      const options = await staff.clockOptions(taId);
      if (!options.some((o) => o.id === opts.wageTypeId)) {
        throw appError(PAYROLL_ERRORS.wage_type_not_allowed, '고를 수 없는 근무 유형입니다. 관리자에게 급여 설정을 확인해 달라고 해 주세요', { field: 'wageTypeId' });
      }
      // A record left open from an earlier day becomes 퇴근 누락 first, so today can start.
      await records.flagMissingOut({ taId });
      const now = toMinute(ctx.now());
      const workDate = kstToday(now);
      try {
        const row = await db.transaction(async () => {
          await months.requireOpen({ months: [workDate.slice(0, 7)] });
          if (await openRow(taId)) throw appError(PAYROLL_ERRORS.already_clocked_in, '이미 출근 중입니다. 퇴근을 먼저 눌러 주세요');
          const [r] = await db.insert(workRecords).values({ taId, wageTypeId: opts.wageTypeId, startedAt: now, workDate, status: 'open', source: 'clock', createdAt: ctx.now(), updatedAt: ctx.now() }).returning();
          await ctx.audit.record({ actorId: taId, action: 'work.clock_in', entity: 'work_record', entityId: r!.id, after: { wageTypeId: r!.wageTypeId, startedAt: now.toISOString() } });
          return r!;
        });
        return (await records.reply([row]))[0]!;
      } catch (e) {
        if (isUniqueViolation(e)) throw appError(PAYROLL_ERRORS.already_clocked_in, '이미 출근 중입니다. 퇴근을 먼저 눌러 주세요');
        throw e;
      }
    },

    async clockOut(user: AuthUser): Promise<WorkRecord> {
      const taId = requireTaUser(user);
      const open = await openRow(taId);
      if (!open) throw appError(PAYROLL_ERRORS.not_clocked_in, '출근 중인 기록이 없습니다');
      const now = ctx.now();
      if (statusAt(open, now) === 'missing_out') {
        await records.flagMissingOut({ taId });
        throw appError(PAYROLL_ERRORS.past_day_open, '지난 근무일의 출근 기록은 퇴근을 찍을 수 없습니다. 관리자에게 퇴근 시각 정정을 요청해 주세요');
      }
      const endedAt = toMinute(now);
      const row = await db.transaction(async () => {
        await months.requireOpen({ months: monthsOfRecord({ startedAt: open.startedAt, endedAt }) });
        const [r] = await db
          .update(workRecords)
          .set({ endedAt, status: 'closed', updatedAt: ctx.now() })
          .where(and(eq(workRecords.id, open.id), eq(workRecords.status, 'open')))
          .returning();
        if (!r) throw appError(PAYROLL_ERRORS.not_clocked_in, '출근 중인 기록이 없습니다');
        await ctx.audit.record({ actorId: taId, action: 'work.clock_out', entity: 'work_record', entityId: r.id, before: { endedAt: null }, after: { endedAt: endedAt.toISOString() } });
        return r;
      });
      return (await records.reply([row]))[0]!;
    },
  };
}
