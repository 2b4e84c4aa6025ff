import { kstToday } from '@academy/contracts/dates';
import { PAYROLL_ERRORS, type ClaimBody, type ExpenseClaim } from '@academy/contracts/payroll';
import { and, desc, eq } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { requireTaUser } from './clock.service.ts';
import type { MonthService } from './months.service.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { expenseClaims, type ExpenseClaimRow } from './payroll.table.ts';
import { monthOf } from './records.rows.ts';

export type ClaimService = ReturnType<typeof createClaimService>;

const snapshot = (r: ExpenseClaimRow) => ({ date: r.date, amount: r.amount, memo: r.memo, receiptFileId: r.receiptFileId, status: r.status, payMonth: r.payMonth });

/**
 * Expense claims: a TA files one with a receipt (image or PDF through the files upload), may edit
 * or withdraw it while pending; an admin approves it (paid in the month of its date, or the next
 * open month when that one is closed) or rejects it with a reason. Every step is audited.
 */
export function createClaimService(deps: PayrollDeps & { months: MonthService }) {
  const { ctx, users, files, months } = deps;
  const { db } = ctx;

  async function reply(rows: readonly ExpenseClaimRow[]): Promise<ExpenseClaim[]> {
    const [people, receipts] = await Promise.all([
      users.directory(rows.flatMap((r) => [r.taId, ...(r.decidedBy === null ? [] : [r.decidedBy])])),
      files.receipts.describe(rows.flatMap((r) => (r.receiptFileId === null ? [] : [r.receiptFileId]))),
    ]);
    return rows.map((r) => ({
      id: r.id,
      taId: r.taId,
      taName: people.get(r.taId)?.name ?? '(삭제된 계정)',
      date: r.date,
      amount: r.amount,
      memo: r.memo,
      receipt: r.receiptFileId === null ? null : (receipts.get(r.receiptFileId) ?? null),
      status: r.status,
      payMonth: r.payMonth,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decidedByName: r.decidedBy === null ? null : (people.get(r.decidedBy)?.name ?? null),
      rejectReason: r.rejectReason,
      createdAt: r.createdAt.toISOString(),
    }));
  }
  const one = async (row: ExpenseClaimRow) => (await reply([row]))[0]!;

  async function find(id: number): Promise<ExpenseClaimRow> {
    const [row] = await db.select().from(expenseClaims).where(eq(expenseClaims.id, id));
    if (!row) throw appError(PAYROLL_ERRORS.claim_not_found, '경비 청구를 찾을 수 없습니다');
    return row;
  }

  /** The TA's own pending claim; someone else's answers 404, as if it did not exist. */
  async function ownPending(user: AuthUser, id: number): Promise<ExpenseClaimRow> {
    const taId = requireTaUser(user);
    const row = await find(id);
    if (row.taId !== taId) throw appError(PAYROLL_ERRORS.claim_not_found, '경비 청구를 찾을 수 없습니다');
    if (row.status !== 'pending') throw appError(PAYROLL_ERRORS.claim_decided, '이미 처리된 청구는 바꿀 수 없습니다');
    return row;
  }

  function checkDate(date: string): void {
    if (date > kstToday(ctx.now())) throw appError(PAYROLL_ERRORS.receipt_invalid, '아직 오지 않은 날짜입니다', { field: 'date' });
  }

  const alreadyDecided = () => appError(PAYROLL_ERRORS.claim_decided, '이미 처리된 청구입니다');

  return {
    async mine(user: AuthUser): Promise<ExpenseClaim[]> {
      const taId = requireTaUser(user);
      return reply(await db.select().from(expenseClaims).where(eq(expenseClaims.taId, taId)).orderBy(desc(expenseClaims.date), desc(expenseClaims.id)));
    },

    async get(id: number): Promise<ExpenseClaim> {
      return one(await find(id));
    },

    async create(opts: { user: AuthUser; input: ClaimBody }): Promise<ExpenseClaim> {
      const taId = requireTaUser(opts.user);
      const v = opts.input;
      checkDate(v.date);
      await files.receipts.require({ fileId: v.receiptFileId, ownerId: taId, error: PAYROLL_ERRORS.receipt_invalid, field: 'receiptFileId' });
      const row = await db.transaction(async () => {
        const [r] = await db.insert(expenseClaims).values({ taId, date: v.date, amount: v.amount, memo: v.memo, receiptFileId: v.receiptFileId, createdAt: ctx.now(), updatedAt: ctx.now() }).returning();
        await ctx.audit.record({ actorId: taId, action: 'claim.create', entity: 'expense_claim', entityId: r!.id, after: snapshot(r!) });
        return r!;
      });
      return one(row);
    },

    async update(opts: { user: AuthUser; id: number; input: ClaimBody }): Promise<ExpenseClaim> {
      const before = await ownPending(opts.user, opts.id);
      const v = opts.input;
      checkDate(v.date);
      await files.receipts.require({ fileId: v.receiptFileId, ownerId: before.taId, error: PAYROLL_ERRORS.receipt_invalid, field: 'receiptFileId' });
      const row = await db.transaction(async () => {
        const [r] = await db.update(expenseClaims).set({ date: v.date, amount: v.amount, memo: v.memo, receiptFileId: v.receiptFileId, updatedAt: ctx.now() }).where(and(eq(expenseClaims.id, before.id), eq(expenseClaims.status, 'pending'))).returning();
        if (!r) throw alreadyDecided();
        await ctx.audit.record({ actorId: before.taId, action: 'claim.update', entity: 'expense_claim', entityId: before.id, before: snapshot(before), after: snapshot(r!) });
        return r!;
      });
      if (before.receiptFileId !== null && before.receiptFileId !== v.receiptFileId) await files.receipts.discard({ fileId: before.receiptFileId, actorId: before.taId });
      return one(row);
    },

    /** Withdraws a pending claim; its receipt goes with it. */
    async delete(opts: { user: AuthUser; id: number }): Promise<{ id: number }> {
      const before = await ownPending(opts.user, opts.id);
      await db.transaction(async () => {
        const gone = await db.delete(expenseClaims).where(and(eq(expenseClaims.id, before.id), eq(expenseClaims.status, 'pending'))).returning({ id: expenseClaims.id });
        if (gone.length === 0) throw alreadyDecided();
        await ctx.audit.record({ actorId: before.taId, action: 'claim.delete', entity: 'expense_claim', entityId: before.id, before: snapshot(before) });
      });
      if (before.receiptFileId !== null) await files.receipts.discard({ fileId: before.receiptFileId, actorId: before.taId });
      return { id: before.id };
    },

    /** Paid in the month of the claim's date; when that month is already closed, in the next open month. */
    async approve(opts: { id: number; actorId: number }): Promise<ExpenseClaim> {
      const row = await db.transaction(async () => {
        const before = await find(opts.id);
        if (before.status !== 'pending') throw alreadyDecided();
        const payMonth = await months.firstOpenFrom(monthOf(before.date));
        await months.requireOpen({ months: [payMonth] });
        const [r] = await db
          .update(expenseClaims)
          .set({ status: 'approved', payMonth, decidedBy: opts.actorId, decidedAt: ctx.now(), rejectReason: null, updatedAt: ctx.now() })
          .where(and(eq(expenseClaims.id, before.id), eq(expenseClaims.status, 'pending')))
          .returning();
        if (!r) throw alreadyDecided();
        await ctx.audit.record({ actorId: opts.actorId, action: 'claim.approve', entity: 'expense_claim', entityId: before.id, before: snapshot(before), after: snapshot(r!) });
        return r!;
      });
      return one(row);
    },

    async reject(opts: { id: number; reason: string; actorId: number }): Promise<ExpenseClaim> {
      const row = await db.transaction(async () => {
        const before = await find(opts.id);
        if (before.status !== 'pending') throw alreadyDecided();
        const [r] = await db
          .update(expenseClaims)
          .set({ status: 'rejected', decidedBy: opts.actorId, decidedAt: ctx.now(), rejectReason: opts.reason, updatedAt: ctx.now() })
          .where(and(eq(expenseClaims.id, before.id), eq(expenseClaims.status, 'pending')))
          .returning();
        if (!r) throw alreadyDecided();
        await ctx.audit.record({ actorId: opts.actorId, action: 'claim.reject', entity: 'expense_claim', entityId: before.id, before: snapshot(before), after: { ...snapshot(r!), reason: opts.reason } });
        return r!;
      });
      return one(row);
    },
  };
}
