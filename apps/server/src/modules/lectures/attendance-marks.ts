import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { attendanceTypes, lectures, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';

export type MarkOutcome = 'marked' | 'kept' | 'locked' | 'not_participant' | 'disabled' | 'unknown_type';

/**
 * Attendance marks another area sets on a student's behalf (a completed lecture video marks the
 * session 온라인(영상 수강)). They never overrule a person: only an empty cell, or one marked with a
 * type that does not count as present (결석), changes; a locked cell, a presence already marked, a
 * disabled lecture or a student who is not a participant is left as it is. Runs in the caller's
 * transaction and is audited there.
 */
export function createAttendanceMarks({ ctx }: { ctx: AppContext }) {
  const { db } = ctx;

  return {
    async markIfOpen(opts: { weeklyLectureId: number; userId: number; attTypeId: number; actorId: number; reason: string }): Promise<MarkOutcome> {
      const p = weeklyLectureParticipants;
      const [type] = await db.select({ id: attendanceTypes.id }).from(attendanceTypes).where(eq(attendanceTypes.id, opts.attTypeId));
      if (!type) return 'unknown_type';
      const [cell] = await db
        .select({ id: p.id, attTypeId: p.attTypeId, attLocked: p.attLocked, disabled: lectures.disabled, present: attendanceTypes.countsAsPresent })
        .from(p)
        .innerJoin(weeklyLectures, eq(weeklyLectures.id, p.weeklyLectureId))
        .innerJoin(lectures, eq(lectures.id, weeklyLectures.lectureId))
        .leftJoin(attendanceTypes, eq(attendanceTypes.id, p.attTypeId))
        .where(and(eq(p.weeklyLectureId, opts.weeklyLectureId), eq(p.userId, opts.userId)))
        .for('update', { of: p });
      if (!cell) return 'not_participant';
      if (cell.disabled) return 'disabled';
      if (cell.attLocked) return 'locked';
      if (cell.attTypeId === opts.attTypeId || cell.present) return 'kept';
      await db.update(p).set({ attTypeId: opts.attTypeId, attUpdatedAt: ctx.now(), attUpdatedBy: opts.actorId }).where(eq(p.id, cell.id));
      await ctx.audit.record({
        actorId: opts.actorId,
        action: 'attendance.auto_set',
        entity: 'weekly_lecture',
        entityId: opts.weeklyLectureId,
        before: { [opts.userId]: cell.attTypeId },
        after: { userIds: [opts.userId], attTypeId: opts.attTypeId, reason: opts.reason },
      });
      return 'marked';
    },

    async typeExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: attendanceTypes.id }).from(attendanceTypes).where(eq(attendanceTypes.id, id));
      return !!row;
    },

    /** The id of the attendance type with this name (the default 온라인(영상 수강)), or null. */
    async typeIdNamed(name: string): Promise<number | null> {
      const [row] = await db.select({ id: attendanceTypes.id }).from(attendanceTypes).where(eq(attendanceTypes.name, name));
      return row?.id ?? null;
    },
  };
}
