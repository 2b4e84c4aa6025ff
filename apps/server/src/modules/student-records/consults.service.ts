import { CONSULT_ERRORS, type Consult, type ConsultInput } from '@academy/contracts/student-records';
import { desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appError } from '../../lib/errors.ts';
import { userAccounts } from '../users/index.ts';
import type { StudentRecordsDeps } from './student-records.deps.ts';
import { studentConsults } from './student-records.table.ts';

const counselors = alias(userAccounts, 'counselors');

/** Consult notes (상담) of a student, newest first, with the counselor's name. */
export function createConsultService({ ctx, users, students }: StudentRecordsDeps) {
  const { db, audit } = ctx;

  async function requireStaff(userId: number): Promise<void> {
    const account = (await users.directory([userId])).get(userId);
    if (!account || account.userType === 'STUDENT') throw appError(CONSULT_ERRORS.counselor_unknown, '직원(조교·관리자) 계정이 아닙니다', { field: 'counselorId' });
  }

  async function list(studentId: number): Promise<Consult[]> {
    await students.requireLive(studentId);
    const rows = await db
      .select({ c: studentConsults, counselorName: counselors.name })
      .from(studentConsults)
      .leftJoin(counselors, eq(counselors.id, studentConsults.counselorId))
      .where(eq(studentConsults.studentId, studentId))
      .orderBy(desc(studentConsults.consultedAt), desc(studentConsults.id));
    return rows.map(({ c, counselorName }) => ({
      id: c.id,
      studentId: c.studentId,
      consultedAt: c.consultedAt.toISOString(),
      counselorId: c.counselorId,
      counselorName,
      consultType: c.consultType,
      content: c.content,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    }));
  }

  async function get(opts: { studentId: number; consultId: number }): Promise<Consult> {
    const found = (await list(opts.studentId)).find((c) => c.id === opts.consultId);
    if (!found) throw appError(CONSULT_ERRORS.not_found, '상담 기록을 찾을 수 없습니다');
    return found;
  }

  return {
    list,

    /** The text and type of consults by id (a counsel list shows the note each session left). */
    async contentsOf(ids: readonly number[]): Promise<Map<number, { content: string; consultType: Consult['consultType'] }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: studentConsults.id, content: studentConsults.content, consultType: studentConsults.consultType })
        .from(studentConsults)
        .where(inArray(studentConsults.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, { content: r.content, consultType: r.consultType }]));
    },

    async create(input: { studentId: number; body: ConsultInput; actorId: number }): Promise<Consult> {
      await students.requireLive(input.studentId);
      const counselorId = input.body.counselorId ?? input.actorId;
      await requireStaff(counselorId);
      const id = await db.transaction(async () => {
        const [row] = await db
          .insert(studentConsults)
          .values({ studentId: input.studentId, consultedAt: new Date(input.body.consultedAt), counselorId, consultType: input.body.consultType, content: input.body.content, createdBy: input.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning({ id: studentConsults.id });
        await audit.record({ actorId: input.actorId, action: 'consult.create', entity: 'student_consult', entityId: row!.id, after: { studentId: input.studentId, ...input.body, counselorId } });
        return row!.id;
      });
      return get({ studentId: input.studentId, consultId: id });
    },

    async update(input: { studentId: number; consultId: number; body: ConsultInput; actorId: number }): Promise<Consult> {
      const before = await get(input);
      const counselorId = input.body.counselorId === undefined ? before.counselorId : input.body.counselorId;
      if (counselorId) await requireStaff(counselorId);
      await db.transaction(async () => {
        await db
          .update(studentConsults)
          .set({ consultedAt: new Date(input.body.consultedAt), counselorId, consultType: input.body.consultType, content: input.body.content, updatedAt: ctx.now() })
          .where(eq(studentConsults.id, input.consultId));
        await audit.record({ actorId: input.actorId, action: 'consult.update', entity: 'student_consult', entityId: input.consultId, before, after: input.body });
      });
      return get(input);
    },

    async remove(input: { studentId: number; consultId: number; actorId: number }): Promise<{ id: number }> {
      const before = await get(input);
      await db.transaction(async () => {
        await db.delete(studentConsults).where(eq(studentConsults.id, input.consultId));
        await audit.record({ actorId: input.actorId, action: 'consult.delete', entity: 'student_consult', entityId: input.consultId, before });
      });
      return { id: input.consultId };
    },
  };
}
