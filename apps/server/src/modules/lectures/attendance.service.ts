import { compareKorean } from '@academy/contracts/format';
import { ATTENDANCE_ERRORS, type AttendanceGrid, type AttendanceType, type attendanceTypeBody } from '@academy/contracts/lectures';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { selectRows } from '../../db/sql.ts';
import { appError } from '../../lib/errors.ts';
import { userAccounts } from '../users/index.ts';
import type { LecturesDeps } from './lectures.deps.ts';
import { getActiveLectureRow, getLectureRow, getWeeklyLectureRow, mapLecture, mapWeeklyLecture } from './lectures.rows.ts';
import { attendanceTypes, lectureStudents, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';

export type AttendanceTypeInput = z.output<typeof attendanceTypeBody>;

/** Marks set (or cleared, attTypeId null) on some participants of one session, as they were committed. */
export type AttendanceChange = { lectureId: number; weeklyLectureId: number; date: string; startTime: string; userIds: number[]; attTypeId: number | null; actorId: number };
/**
 * Told of every attendance change inside its transaction (the SMS area's absence and late texts).
 * It must only record or enqueue: a throw undoes the marks.
 */
export type AttendanceListener = (change: AttendanceChange) => Promise<void>;

function mapAttendanceType(t: typeof attendanceTypes.$inferSelect): AttendanceType {
  return { id: t.id, name: t.name, color: t.color, countsAsPresent: t.countsAsPresent, skipText: t.skipText, seq: t.seq };
}

/** Attendance types, attendance marks (one or many, all-or-nothing), their locks, and the whole grid. */
export function createAttendanceService(deps: LecturesDeps & { listeners: readonly AttendanceListener[] }) {
  const { ctx, users, listeners } = deps;
  const { db, audit } = ctx;

  async function ensureNameFree(opts: { name: string; exceptId?: number }) {
    const [same] = await db.select({ id: attendanceTypes.id }).from(attendanceTypes).where(eq(attendanceTypes.name, opts.name));
    if (same && same.id !== opts.exceptId) throw appError(ATTENDANCE_ERRORS.type_name_taken, `같은 이름의 출결 유형이 이미 있습니다 (${opts.name})`, { field: 'name' });
  }

  async function getTypeRow(id: number) {
    const [row] = await db.select().from(attendanceTypes).where(eq(attendanceTypes.id, id));
    if (!row) throw appError(ATTENDANCE_ERRORS.type_not_found, `출결 유형을 찾을 수 없습니다 (ID ${id})`);
    return row;
  }

  async function requireType(attTypeId: number) {
    const [t] = await db.select({ id: attendanceTypes.id }).from(attendanceTypes).where(eq(attendanceTypes.id, attTypeId));
    if (!t) throw appError(ATTENDANCE_ERRORS.unknown_type, `존재하지 않는 출결 유형입니다 (ID ${attTypeId})`, { field: 'attTypeId' });
  }

  /**
   * Loads the participants named by userIds, locked for update. Any id that is not a participant
   * of the session refuses the whole call, telling an unknown user apart from a non-participant.
   */
  async function lockParticipants(opts: { wlId: number; userIds: number[] }) {
    const ids = [...new Set(opts.userIds)];
    const rows = await db
      .select({ id: weeklyLectureParticipants.id, userId: weeklyLectureParticipants.userId, attTypeId: weeklyLectureParticipants.attTypeId, attLocked: weeklyLectureParticipants.attLocked })
      .from(weeklyLectureParticipants)
      .where(and(eq(weeklyLectureParticipants.weeklyLectureId, opts.wlId), inArray(weeklyLectureParticipants.userId, ids)))
      .for('update');
    if (rows.length !== ids.length) {
      const missing = ids.filter((id) => !rows.some((r) => r.userId === id));
      const known = [...(await users.directory(missing)).values()].filter((u) => u.userType === 'STUDENT');
      const unknown = missing.filter((id) => !known.some((k) => k.id === id));
      if (unknown.length) throw appError(ATTENDANCE_ERRORS.unknown_users, `존재하지 않는 학생이 있습니다 (ID ${unknown.join(', ')}). 아무것도 변경하지 않았습니다`, { field: 'userIds' });
      throw appError(ATTENDANCE_ERRORS.not_participant, `이 회차의 참여자가 아닌 학생이 있습니다 (${known.map((k) => k.name).join(', ')}). 아무것도 변경하지 않았습니다`, { field: 'userIds' });
    }
    return rows;
  }

  return {
    /** The current marks of some participants of a session: user id → attendance type id (null: none). */
    async marksOf(opts: { weeklyLectureId: number; userIds: readonly number[] }): Promise<Map<number, number | null>> {
      if (opts.userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: weeklyLectureParticipants.userId, attTypeId: weeklyLectureParticipants.attTypeId })
        .from(weeklyLectureParticipants)
        .where(and(eq(weeklyLectureParticipants.weeklyLectureId, opts.weeklyLectureId), inArray(weeklyLectureParticipants.userId, [...opts.userIds])));
      return new Map(rows.map((r) => [r.userId, r.attTypeId]));
    },

    async listTypes(): Promise<AttendanceType[]> {
      const rows = await db.select().from(attendanceTypes).orderBy(asc(attendanceTypes.seq), asc(attendanceTypes.id));
      return rows.map(mapAttendanceType);
    },

    async createType(opts: { input: AttendanceTypeInput; actorId: number }) {
      return db.transaction(async () => {
        await ensureNameFree({ name: opts.input.name });
        const [max] = await db.select({ m: sql<number>`coalesce(max(${attendanceTypes.seq}), 0)::int` }).from(attendanceTypes);
        const [row] = await db
          .insert(attendanceTypes)
          .values({ ...opts.input, seq: opts.input.seq ?? (max?.m ?? 0) + 1, createdAt: ctx.now() })
          .returning();
        await audit.record({ actorId: opts.actorId, action: 'attendance_type.create', entity: 'attendance_type', entityId: row!.id, after: mapAttendanceType(row!) });
        return mapAttendanceType(row!);
      });
    },

    async updateType(opts: { id: number; input: AttendanceTypeInput; actorId: number }) {
      return db.transaction(async () => {
        const before = await getTypeRow(opts.id);
        await ensureNameFree({ name: opts.input.name, exceptId: opts.id });
        const [row] = await db.update(attendanceTypes).set({ ...opts.input, seq: opts.input.seq ?? before.seq }).where(eq(attendanceTypes.id, opts.id)).returning();
        await audit.record({ actorId: opts.actorId, action: 'attendance_type.update', entity: 'attendance_type', entityId: opts.id, before: mapAttendanceType(before), after: mapAttendanceType(row!) });
        return mapAttendanceType(row!);
      });
    },

    /** Sets the display order: every type exactly once, in the new order, in one transaction. */
    async reorderTypes(opts: { ids: number[]; actorId: number }): Promise<AttendanceType[]> {
      return db.transaction(async () => {
        const rows = await db.select().from(attendanceTypes).orderBy(asc(attendanceTypes.seq), asc(attendanceTypes.id));
        const known = new Set(rows.map((r) => r.id));
        const given = new Set(opts.ids);
        if (given.size !== opts.ids.length || given.size !== known.size || opts.ids.some((id) => !known.has(id))) {
          throw appError(ATTENDANCE_ERRORS.unknown_type, '출결 유형 전체를 한 번씩 새 순서대로 보내 주세요 (목록이 바뀌었으면 새로고침해 주세요)', { field: 'ids' });
        }
        for (const [i, id] of opts.ids.entries()) await db.update(attendanceTypes).set({ seq: i + 1 }).where(eq(attendanceTypes.id, id));
        await audit.record({ actorId: opts.actorId, action: 'attendance_type.reorder', entity: 'attendance_type', entityId: opts.ids[0]!, before: { order: rows.map((r) => r.id) }, after: { order: opts.ids } });
        const after = await db.select().from(attendanceTypes).orderBy(asc(attendanceTypes.seq), asc(attendanceTypes.id));
        return after.map(mapAttendanceType);
      });
    },

    /** A type already used in attendance stays: deleting it would erase what was recorded. */
    async deleteType(opts: { id: number; actorId: number }) {
      await db.transaction(async () => {
        const before = await getTypeRow(opts.id);
        const [used] = await db.select({ n: count() }).from(weeklyLectureParticipants).where(eq(weeklyLectureParticipants.attTypeId, opts.id));
        if ((used?.n ?? 0) > 0) throw appError(ATTENDANCE_ERRORS.type_in_use, `'${before.name}' 유형은 출결 ${used!.n}건에 쓰이고 있어 삭제할 수 없습니다`);
        await db.delete(attendanceTypes).where(eq(attendanceTypes.id, opts.id));
        await audit.record({ actorId: opts.actorId, action: 'attendance_type.delete', entity: 'attendance_type', entityId: opts.id, before: mapAttendanceType(before) });
      });
      return { id: opts.id };
    },

    /**
     * Sets (or clears, with null) the attendance of many participants: all change or none. The happy
     * path is one statement (lock the rows, update the unlocked ones, return the old marks); when it
     * touched fewer rows than named, the reason is looked up and the transaction rolls back.
     */
    async set(opts: { lectureId: number; wlId: number; userIds: number[]; attTypeId: number | null; actorId: number }) {
      return db.transaction(async () => {
        await getActiveLectureRow(db, opts.lectureId);
        const wl = await getWeeklyLectureRow(db, opts);
        if (opts.attTypeId !== null) await requireType(opts.attTypeId);
        const ids = [...new Set(opts.userIds)];
        const p = weeklyLectureParticipants;
        const updated = await selectRows<{ userId: number; old: number | null }>(db, sql`
          update ${p}
          set ${sql.identifier(p.attTypeId.name)} = ${opts.attTypeId}, ${sql.identifier(p.attUpdatedAt.name)} = ${ctx.now()},
              ${sql.identifier(p.attUpdatedBy.name)} = ${opts.actorId}
          from (select ${p.id} as id, ${p.attTypeId} as att_type_id from ${p}
                where ${p.weeklyLectureId} = ${wl.id} and ${p.userId} = any(${sql.param(ids)}::int[]) for update) o
          where ${p.id} = o.id and not ${p.attLocked}
          returning ${p.userId} as "userId", o.att_type_id as "old"`);
        if (updated.length !== ids.length) {
          const rows = await lockParticipants({ wlId: wl.id, userIds: ids });
          const names = await users.directory(rows.filter((r) => r.attLocked).map((r) => r.userId));
          throw appError(ATTENDANCE_ERRORS.locked, `출결이 잠겨 있어 변경할 수 없습니다: ${[...names.values()].map((n) => n.name).join(', ')}. 잠금을 해제한 뒤 다시 시도해 주세요`);
        }
        await audit.record({
          actorId: opts.actorId,
          action: ids.length > 1 ? 'attendance.bulk_set' : 'attendance.set',
          entity: 'weekly_lecture',
          entityId: wl.id,
          before: Object.fromEntries(updated.map((r) => [r.userId, r.old])),
          after: { userIds: ids, attTypeId: opts.attTypeId },
        });
        const changed = updated.filter((r) => r.old !== opts.attTypeId).map((r) => r.userId);
        if (changed.length) {
          const change = { lectureId: wl.lectureId, weeklyLectureId: wl.id, date: wl.date, startTime: wl.startTime, userIds: changed, attTypeId: opts.attTypeId, actorId: opts.actorId };
          for (const listener of listeners) await listener(change);
        }
        return { updated: updated.length, attTypeId: opts.attTypeId };
      });
    },

    async setLock(opts: { lectureId: number; wlId: number; userIds: number[]; locked: boolean; actorId: number }) {
      return db.transaction(async () => {
        await getLectureRow(db, opts.lectureId);
        const wl = await getWeeklyLectureRow(db, opts);
        const rows = await lockParticipants({ wlId: wl.id, userIds: opts.userIds });
        await db.update(weeklyLectureParticipants).set({ attLocked: opts.locked }).where(inArray(weeklyLectureParticipants.id, rows.map((r) => r.id)));
        await audit.record({
          actorId: opts.actorId,
          action: opts.locked ? 'attendance.lock' : 'attendance.unlock',
          entity: 'weekly_lecture',
          entityId: wl.id,
          before: Object.fromEntries(rows.map((r) => [r.userId, r.attLocked])),
          after: { userIds: rows.map((r) => r.userId), locked: opts.locked },
        });
        return { updated: rows.length, locked: opts.locked };
      });
    },

    /**
     * The whole attendance grid of a lecture (students × sessions) with a fixed number of queries,
     * whatever its size: the lecture, its sessions, its cells (one index range on wlp.lecture_id), its
     * roster and the types in parallel, then the names of the students found there (primary-key
     * lookups). Cells are sent compactly, aligned with `weeklyLectures`: null = not a participant of
     * that session, 0 = participant without a mark, otherwise the attendance type id.
     */
    async grid(lectureId: number): Promise<AttendanceGrid> {
      const p = weeklyLectureParticipants;
      const [lecture, sessions, cells, roster, types] = await Promise.all([
        getLectureRow(db, lectureId),
        db
          .select({
            id: weeklyLectures.id, lectureId: weeklyLectures.lectureId, seq: weeklyLectures.seq, title: weeklyLectures.title, specialName: weeklyLectures.specialName,
            date: weeklyLectures.date, startTime: weeklyLectures.startTime, endTime: weeklyLectures.endTime,
          })
          .from(weeklyLectures)
          .where(eq(weeklyLectures.lectureId, lectureId))
          .orderBy(asc(weeklyLectures.date), asc(weeklyLectures.startTime), asc(weeklyLectures.id)),
        // One row per student with the marks as arrays: far fewer rows to ship and parse than one per
        // cell. JSON arrays, which JSON.parse reads, not PostgreSQL arrays, whose parser in JavaScript
        // was a tenth of the CPU of a busy afternoon's reads (issue 17's profile).
        selectRows<{ userId: number; wl: number[]; att: number[]; lk: number[] }>(db, sql`
          select ${p.userId} as "userId", json_agg(${p.weeklyLectureId}) as "wl", json_agg(coalesce(${p.attTypeId}, 0)) as "att",
                 coalesce(json_agg(${p.weeklyLectureId}) filter (where ${p.attLocked}), '[]') as "lk"
          from ${p} where ${p.lectureId} = ${lectureId} group by ${p.userId}`),
        db.select({ userId: lectureStudents.userId, leftAt: lectureStudents.leftAt }).from(lectureStudents).where(eq(lectureStudents.lectureId, lectureId)),
        db.select().from(attendanceTypes).orderBy(asc(attendanceTypes.seq), asc(attendanceTypes.id)),
      ]);
      const col = new Map(sessions.map((s, i) => [s.id, i]));
      const enrolled = new Set(roster.filter((r) => r.leftAt === null).map((r) => r.userId));
      const row = new Map<number, { cells: (number | null)[]; locked: number[] }>();
      const rowOf = (userId: number) => {
        let r = row.get(userId);
        if (!r) row.set(userId, (r = { cells: new Array<number | null>(sessions.length).fill(null), locked: [] }));
        return r;
      };
      for (const userId of enrolled) rowOf(userId);
      for (const c of cells) {
        const r = rowOf(c.userId);
        c.wl.forEach((wlId, k) => {
          const i = col.get(wlId);
          if (i !== undefined) r.cells[i] = c.att[k]!;
        });
        r.locked = c.lk;
      }
      const students = row.size
        ? await db
            .select({ id: userAccounts.id, name: userAccounts.name, loginId: userAccounts.loginId, phone: userAccounts.phone })
            .from(userAccounts)
            .where(sql`${userAccounts.id} = any(${sql.param([...row.keys()])}::int[])`)
        : [];
      students.sort((a, b) => Number(enrolled.has(b.id)) - Number(enrolled.has(a.id)) || compareKorean(a.name, b.name));
      return {
        lecture: mapLecture(lecture),
        attendanceTypes: types.map(mapAttendanceType),
        weeklyLectures: sessions.map(mapWeeklyLecture),
        students: students.map((s) => {
          const r = row.get(s.id)!;
          return { userId: s.id, name: s.name, loginId: s.loginId, phone: s.phone, enrolled: enrolled.has(s.id), cells: r.cells, lockedWeeklyLectureIds: r.locked };
        }),
      };
    },
  };
}
