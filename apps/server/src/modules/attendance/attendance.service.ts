import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getActiveLectureRow, getLectureRow, mapLecture, rowsOf } from '../lectures/lectures.service.ts';
import { attendanceTypes, weeklyLectureParticipants } from '../lectures/lectures.table.ts';
import { users } from '../users/users.table.ts';
import { getWeeklyLectureRow } from '../weekly-lectures/weekly-lectures.service.ts';

export type AttendanceTypeInput = { name: string; color: string; countsAsPresent: boolean; seq?: number };

export function mapAttendanceType(t: typeof attendanceTypes.$inferSelect) {
  return { id: t.id, name: t.name, color: t.color, countsAsPresent: t.countsAsPresent, seq: t.seq };
}

export async function listAttendanceTypes(db: DbOrTx) {
  const rows = await db.select().from(attendanceTypes).orderBy(asc(attendanceTypes.seq), asc(attendanceTypes.id));
  return rows.map(mapAttendanceType);
}

async function ensureNameFree(tx: DbOrTx, opts: { name: string; exceptId?: number }) {
  const [same] = await tx.select({ id: attendanceTypes.id }).from(attendanceTypes).where(eq(attendanceTypes.name, opts.name));
  if (same && same.id !== opts.exceptId) throw conflict('attendance.type_name_taken', `name: 같은 이름의 출결 유형이 이미 있습니다 (${opts.name})`);
}

export async function createAttendanceType(ctx: AppContext, opts: { input: AttendanceTypeInput; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    await ensureNameFree(tx, { name: opts.input.name });
    const [max] = await tx.select({ m: sql<number>`coalesce(max(${attendanceTypes.seq}), 0)` }).from(attendanceTypes);
    const [row] = await tx
      .insert(attendanceTypes)
      .values({ ...opts.input, seq: opts.input.seq ?? Number(max?.m ?? 0) + 1, createdAt: ctx.now() })
      .returning();
    await recordAudit(tx, { actorId: opts.actorId, action: 'attendance_type.create', entity: 'attendance_type', entityId: row!.id, after: mapAttendanceType(row!) });
    return mapAttendanceType(row!);
  });
}

async function getTypeRow(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(attendanceTypes).where(eq(attendanceTypes.id, id));
  if (!row) throw notFound('attendance.type_not_found', `출결 유형을 찾을 수 없습니다 (ID ${id})`);
  return row;
}

export async function updateAttendanceType(ctx: AppContext, opts: { id: number; input: AttendanceTypeInput; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    const before = await getTypeRow(tx, opts.id);
    await ensureNameFree(tx, { name: opts.input.name, exceptId: opts.id });
    const [row] = await tx.update(attendanceTypes).set({ ...opts.input, seq: opts.input.seq ?? before.seq }).where(eq(attendanceTypes.id, opts.id)).returning();
    await recordAudit(tx, { actorId: opts.actorId, action: 'attendance_type.update', entity: 'attendance_type', entityId: opts.id, before: mapAttendanceType(before), after: mapAttendanceType(row!) });
    return mapAttendanceType(row!);
  });
}

/** A type already used in attendance stays: deleting it would erase what was recorded. */
export async function deleteAttendanceType(ctx: AppContext, opts: { id: number; actorId: number }) {
  await ctx.db.transaction(async (tx) => {
    const before = await getTypeRow(tx, opts.id);
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(weeklyLectureParticipants).where(eq(weeklyLectureParticipants.attTypeId, opts.id));
    if ((used?.n ?? 0) > 0) throw conflict('attendance.type_in_use', `'${before.name}' 유형은 출결 ${used!.n}건에 쓰이고 있어 삭제할 수 없습니다`);
    await tx.delete(attendanceTypes).where(eq(attendanceTypes.id, opts.id));
    await recordAudit(tx, { actorId: opts.actorId, action: 'attendance_type.delete', entity: 'attendance_type', entityId: opts.id, before: mapAttendanceType(before) });
  });
  return { id: opts.id };
}

/**
 * Loads the participants named by userIds, locked for update. Any id that is not a participant
 * of the session refuses the whole call, telling an unknown user apart from a non-participant.
 */
async function lockParticipants(tx: DbOrTx, opts: { wlId: number; userIds: number[] }) {
  const ids = [...new Set(opts.userIds)];
  const rows = await tx
    .select({ id: weeklyLectureParticipants.id, userId: weeklyLectureParticipants.userId, attTypeId: weeklyLectureParticipants.attTypeId, attLocked: weeklyLectureParticipants.attLocked })
    .from(weeklyLectureParticipants)
    .where(and(eq(weeklyLectureParticipants.weeklyLectureId, opts.wlId), inArray(weeklyLectureParticipants.userId, ids)))
    .for('update');
  if (rows.length !== ids.length) {
    const missing = ids.filter((id) => !rows.some((r) => r.userId === id));
    const known = await tx.select({ id: users.id, name: users.name }).from(users).where(and(inArray(users.id, missing), eq(users.userType, 'STUDENT')));
    const unknown = missing.filter((id) => !known.some((k) => k.id === id));
    if (unknown.length) throw badRequest('attendance.unknown_users', `userIds: 존재하지 않는 학생이 있습니다 (ID ${unknown.join(', ')}). 아무것도 변경하지 않았습니다`);
    throw badRequest('attendance.not_participant', `userIds: 이 회차의 참여자가 아닌 학생이 있습니다 (${known.map((k) => k.name).join(', ')}). 아무것도 변경하지 않았습니다`);
  }
  return rows;
}

async function lockedNames(tx: DbOrTx, userIds: number[]) {
  const rows = await tx.select({ name: users.name }).from(users).where(inArray(users.id, userIds));
  return rows.map((r) => r.name).join(', ');
}

/**
 * Sets (or clears, with null) the attendance of many participants: all change or none. The happy
 * path is one statement (lock the rows, update the unlocked ones, return the old marks); when it
 * touched fewer rows than named, the reason is looked up and the transaction rolls back.
 */
export async function setAttendance(ctx: AppContext, opts: { lectureId: number; wlId: number; userIds: number[]; attTypeId: number | null; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    await getActiveLectureRow(tx, opts.lectureId);
    const wl = await getWeeklyLectureRow(tx, opts);
    if (opts.attTypeId !== null) {
      const [t] = await tx.select({ id: attendanceTypes.id }).from(attendanceTypes).where(eq(attendanceTypes.id, opts.attTypeId));
      if (!t) throw badRequest('attendance.type_not_found', `attTypeId: 존재하지 않는 출결 유형입니다 (ID ${opts.attTypeId})`);
    }
    const ids = [...new Set(opts.userIds)];
    const updated = rowsOf<{ user_id: number; old: number | null }>(
      await tx.execute(sql`
        update weekly_lecture_participants p
        set att_type_id = ${opts.attTypeId}, att_updated_at = ${ctx.now()}, att_updated_by = ${opts.actorId}
        from (select id, att_type_id from weekly_lecture_participants
              where weekly_lecture_id = ${wl.id} and user_id = any(${sql.param(ids)}::int[]) for update) o
        where p.id = o.id and not p.att_locked
        returning p.user_id, o.att_type_id as old`),
    );
    if (updated.length !== ids.length) {
      const rows = await lockParticipants(tx, { wlId: wl.id, userIds: ids });
      const locked = rows.filter((r) => r.attLocked);
      throw conflict(
        'attendance.locked',
        `출결이 잠겨 있어 변경할 수 없습니다: ${await lockedNames(tx, locked.map((r) => r.userId))}. 잠금을 해제한 뒤 다시 시도해 주세요`,
      );
    }
    await recordAudit(tx, {
      actorId: opts.actorId,
      action: ids.length > 1 ? 'attendance.bulk_set' : 'attendance.set',
      entity: 'weekly_lecture',
      entityId: wl.id,
      before: Object.fromEntries(updated.map((r) => [r.user_id, r.old])),
      after: { userIds: ids, attTypeId: opts.attTypeId },
    });
    return { updated: updated.length, attTypeId: opts.attTypeId };
  });
}

export async function setAttendanceLock(ctx: AppContext, opts: { lectureId: number; wlId: number; userIds: number[]; locked: boolean; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    await getLectureRow(tx, opts.lectureId);
    const wl = await getWeeklyLectureRow(tx, opts);
    const rows = await lockParticipants(tx, { wlId: wl.id, userIds: opts.userIds });
    await tx.update(weeklyLectureParticipants).set({ attLocked: opts.locked }).where(inArray(weeklyLectureParticipants.id, rows.map((r) => r.id)));
    await recordAudit(tx, {
      actorId: opts.actorId,
      action: opts.locked ? 'attendance.lock' : 'attendance.unlock',
      entity: 'weekly_lecture',
      entityId: wl.id,
      before: Object.fromEntries(rows.map((r) => [r.userId, r.attLocked])),
      after: { userIds: rows.map((r) => r.userId), locked: opts.locked },
    });
    return { updated: rows.length, locked: opts.locked };
  });
}

type GridSession = { id: number; seq: number | null; title: string; special_name: string | null; date: string; start_time: string; end_time: string };
type GridCells = { user_id: number; wl: number[]; att: number[]; lk: number[] };

/**
 * The whole attendance grid of a lecture (students × sessions) with a fixed number of queries,
 * whatever its size: the lecture, its sessions, its cells (one index range on wlp.lecture_id), its
 * roster and the types in parallel, then the names of the students found there (primary-key
 * lookups). Cells are sent compactly, aligned with `weeklyLectures`: null = not a participant of
 * that session, 0 = participant without a mark, otherwise the attendance type id.
 */
export async function getAttendanceGrid(ctx: AppContext, lectureId: number) {
  const q = ctx.database.query;
  const [lecture, sessions, cells, roster, types] = await Promise.all([
    getLectureRow(ctx.db, lectureId),
    q<GridSession>(
      `select id, seq, title, special_name, to_char(date, 'YYYY-MM-DD') as date, start_time, end_time
       from weekly_lectures where lecture_id = $1 order by date, start_time, id`,
      [lectureId],
    ),
    // One row per student with the marks as arrays: far fewer rows to ship and parse than one per cell.
    q<GridCells>(
      `select user_id, array_agg(weekly_lecture_id) as wl, array_agg(coalesce(att_type_id, 0)) as att,
              coalesce(array_agg(weekly_lecture_id) filter (where att_locked), '{}') as lk
       from weekly_lecture_participants where lecture_id = $1 group by user_id`,
      [lectureId],
    ),
    q<{ user_id: number; left_at: Date | null }>(`select user_id, left_at from lecture_students where lecture_id = $1`, [lectureId]),
    listAttendanceTypes(ctx.db),
  ]);
  const col = new Map(sessions.map((s, i) => [s.id, i]));
  const enrolled = new Set(roster.filter((r) => r.left_at === null).map((r) => r.user_id));
  const row = new Map<number, { cells: (number | null)[]; locked: number[] }>();
  const rowOf = (userId: number) => {
    let r = row.get(userId);
    if (!r) row.set(userId, (r = { cells: new Array<number | null>(sessions.length).fill(null), locked: [] }));
    return r;
  };
  for (const userId of enrolled) rowOf(userId);
  for (const c of cells) {
    const r = rowOf(c.user_id);
    c.wl.forEach((wlId, k) => {
      const i = col.get(wlId);
      if (i !== undefined) r.cells[i] = c.att[k]!;
    });
    r.locked = c.lk;
  }
  const students = row.size
    ? await q<{ id: number; name: string; login_id: string; phone: string | null }>(
        `select id, name, login_id, phone from users where id = any($1::int[])`,
        [[...row.keys()]],
      )
    : [];
  const collator = new Intl.Collator('ko-KR');
  students.sort((a, b) => Number(enrolled.has(b.id)) - Number(enrolled.has(a.id)) || collator.compare(a.name, b.name));
  return {
    lecture: mapLecture(lecture),
    attendanceTypes: types,
    weeklyLectures: sessions.map((s) => ({ id: s.id, lectureId, seq: s.seq, title: s.title, specialName: s.special_name, date: s.date, startTime: s.start_time, endTime: s.end_time })),
    students: students.map((s) => {
      const r = row.get(s.id)!;
      return { userId: s.id, name: s.name, loginId: s.login_id, phone: s.phone, enrolled: enrolled.has(s.id), cells: r.cells, lockedWeeklyLectureIds: r.locked };
    }),
  };
}
