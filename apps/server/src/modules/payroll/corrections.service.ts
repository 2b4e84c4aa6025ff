import { daysBetween, kstToday } from '@academy/contracts/dates';
import { PAYROLL_ERRORS, type RecordHistoryEntry, type WorkRecord } from '@academy/contracts/payroll';
import { and, asc, eq, gt, gte, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { MonthService } from './months.service.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { workRecords, type WorkRecordRow } from './payroll.table.ts';
import type { RecordService } from './records.service.ts';
import { monthsOfRecord, toMinute } from './records.rows.ts';

const MAX_RANGE_DAYS = 62;

type Times = { startedAt: Date; endedAt: Date };

/** What an audit entry of a record keeps: the values a correction may change. */
const snapshot = (r: Pick<WorkRecordRow, 'taId' | 'wageTypeId' | 'startedAt' | 'endedAt' | 'status'>) => ({
  taId: r.taId, wageTypeId: r.wageTypeId, startedAt: r.startedAt.toISOString(), endedAt: r.endedAt?.toISOString() ?? null, status: r.status,
});

/**
 * The admin's side of work records: every TA's records for a period, and corrections — a missed
 * shift added, times or wage type fixed, a record deleted. Each needs a reason and is audited
 * (before, after, who, why); none may touch a closed month.
 */
export function createCorrectionService(deps: PayrollDeps & { months: MonthService; records: RecordService }) {
  const { ctx, staff, months, records } = deps;
  const { db } = ctx;

  async function find(id: number): Promise<WorkRecordRow> {
    const [row] = await db.select().from(workRecords).where(eq(workRecords.id, id));
    if (!row) throw appError(PAYROLL_ERRORS.record_not_found, '근무 기록을 찾을 수 없습니다');
    return row;
  }

  async function requireWageType(id: number): Promise<void> {
    const type = (await staff.wageTypes.byIds([id])).get(id);
    if (!type || type.deletedAt) throw appError(PAYROLL_ERRORS.record_invalid, '없는 근무 유형입니다', { field: 'wageTypeId' });
  }

  /** Times in the past, to the minute, not overlapping another record of the same TA. */
  async function checkTimes(opts: { taId: number; times: Times; exceptId?: number }): Promise<Times> {
    const startedAt = toMinute(opts.times.startedAt);
    const endedAt = toMinute(opts.times.endedAt);
    if (endedAt > ctx.now()) throw appError(PAYROLL_ERRORS.record_invalid, '퇴근 시각이 지금보다 뒤입니다', { field: 'endedAt' });
    const [clash] = await db
      .select({ id: workRecords.id, startedAt: workRecords.startedAt })
      .from(workRecords)
      .where(and(
        eq(workRecords.taId, opts.taId),
        opts.exceptId === undefined ? undefined : ne(workRecords.id, opts.exceptId),
        lt(workRecords.startedAt, endedAt),
        // A record without a clock-out occupies only its start: its end is what an admin will decide.
        or(gt(workRecords.endedAt, startedAt), and(isNull(workRecords.endedAt), gte(workRecords.startedAt, startedAt))),
      ))
      .limit(1);
    if (clash) throw appError(PAYROLL_ERRORS.record_overlap, '같은 조교의 다른 근무 기록과 시간이 겹칩니다', { field: 'startedAt', details: { recordId: clash.id } });
    return { startedAt, endedAt };
  }

  return {
    async list(opts: { from: string; to: string; taId?: number }): Promise<WorkRecord[]> {
      const span = daysBetween(opts.from, opts.to);
      if (span < 0 || span >= MAX_RANGE_DAYS) throw appError(PAYROLL_ERRORS.range_too_long, `기간은 ${MAX_RANGE_DAYS}일까지 볼 수 있습니다`, { field: 'to' });
      await records.flagMissingOut();
      const rows = await db
        .select()
        .from(workRecords)
        .where(and(gte(workRecords.workDate, opts.from), lte(workRecords.workDate, opts.to), opts.taId === undefined ? undefined : eq(workRecords.taId, opts.taId)))
        .orderBy(asc(workRecords.startedAt), asc(workRecords.id));
      return records.reply(rows);
    },

    async create(opts: { taId: number; wageTypeId: number; startedAt: string; endedAt: string; reason: string; actorId: number }): Promise<WorkRecord> {
      await staff.tas.find(opts.taId);
      await requireWageType(opts.wageTypeId);
      const row = await db.transaction(async () => {
        const times = await checkTimes({ taId: opts.taId, times: { startedAt: new Date(opts.startedAt), endedAt: new Date(opts.endedAt) } });
        await months.requireOpen({ months: monthsOfRecord(times) });
        const [r] = await db
          .insert(workRecords)
          .values({ taId: opts.taId, wageTypeId: opts.wageTypeId, ...times, workDate: kstToday(times.startedAt), status: 'closed', source: 'admin', corrected: true, correctionReason: opts.reason, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning();
        await ctx.audit.record({ actorId: opts.actorId, action: 'work.create', entity: 'work_record', entityId: r!.id, after: { ...snapshot(r!), reason: opts.reason } });
        return r!;
      });
      return (await records.reply([row]))[0]!;
    },

    async update(opts: { id: number; wageTypeId?: number; startedAt?: string; endedAt: string; reason: string; actorId: number }): Promise<WorkRecord> {
      const before = await find(opts.id);
      if (opts.wageTypeId !== undefined && opts.wageTypeId !== before.wageTypeId) await requireWageType(opts.wageTypeId);
      const row = await db.transaction(async () => {
        const times = await checkTimes({
          taId: before.taId,
          times: { startedAt: opts.startedAt ? new Date(opts.startedAt) : before.startedAt, endedAt: new Date(opts.endedAt) },
          exceptId: before.id,
        });
        if (times.endedAt.getTime() - times.startedAt.getTime() < 60_000) throw appError(PAYROLL_ERRORS.record_invalid, '퇴근 시각은 출근 시각보다 1분 이상 뒤여야 합니다', { field: 'endedAt' });
        await months.requireOpen({ months: [...monthsOfRecord(before), ...monthsOfRecord(times)] });
        const [r] = await db
          .update(workRecords)
          .set({ wageTypeId: opts.wageTypeId ?? before.wageTypeId, ...times, workDate: kstToday(times.startedAt), status: 'closed', corrected: true, correctionReason: opts.reason, updatedAt: ctx.now() })
          .where(eq(workRecords.id, before.id))
          .returning();
        await ctx.audit.record({ actorId: opts.actorId, action: 'work.correct', entity: 'work_record', entityId: before.id, before: snapshot(before), after: { ...snapshot(r!), reason: opts.reason } });
        return r!;
      });
      return (await records.reply([row]))[0]!;
    },

    async delete(opts: { id: number; reason: string; actorId: number }): Promise<{ id: number }> {
      const before = await find(opts.id);
      await db.transaction(async () => {
        await months.requireOpen({ months: monthsOfRecord(before) });
        await db.delete(workRecords).where(eq(workRecords.id, before.id));
        await ctx.audit.record({ actorId: opts.actorId, action: 'work.delete', entity: 'work_record', entityId: before.id, before: snapshot(before), after: { reason: opts.reason } });
      });
      return { id: opts.id };
    },

    /** The record's trail, oldest first: clock-in and out, flags, and every correction with its reason. */
    async history(id: number): Promise<RecordHistoryEntry[]> {
      await find(id);
      const trail = await ctx.audit.historyOf({ entity: 'work_record', entityId: id });
      const people = await deps.users.directory(trail.flatMap((e) => (e.actorId === null ? [] : [e.actorId])));
      return trail.map((e) => {
        const after = (e.after ?? {}) as { reason?: string };
        return { at: e.at.toISOString(), actorName: e.actorId === null ? null : (people.get(e.actorId)?.name ?? null), action: e.action, reason: after.reason ?? null, before: e.before, after: e.after };
      });
    },
  };
}
