import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { users } from '../users/users.table.ts';
import { ddayLabel, kstToday, planSessions, sessionTitle, validateSchedule } from './lectures.schedule.ts';
import {
  lectureDdays,
  lectures,
  lectureStudents,
  type ScheduleSlot,
  weeklyLectureParticipants,
  weeklyLectures,
} from './lectures.table.ts';

export type LectureInput = {
  name: string;
  subject: string;
  teacherName: string;
  targetSchool?: string | null;
  targetGrade?: string | null;
  schedule: ScheduleSlot[];
  room?: string | null;
  startDate: string;
  endDate: string;
  color?: string;
};

type LectureRow = typeof lectures.$inferSelect;

export function mapLecture(row: LectureRow) {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    teacherName: row.teacherName,
    targetSchool: row.targetSchool,
    targetGrade: row.targetGrade,
    schedule: row.schedule,
    room: row.room,
    startDate: row.startDate,
    endDate: row.endDate,
    color: row.color,
    disabled: row.disabled,
  };
}

export function mapWeeklyLecture(row: typeof weeklyLectures.$inferSelect) {
  return {
    id: row.id,
    lectureId: row.lectureId,
    seq: row.seq,
    title: row.title,
    specialName: row.specialName,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
  };
}

export async function getLectureRow(tx: DbOrTx, id: number): Promise<LectureRow> {
  const [row] = await tx.select().from(lectures).where(eq(lectures.id, id));
  if (!row) throw notFound('lectures.not_found', `강좌를 찾을 수 없습니다 (ID ${id})`);
  return row;
}

/** Writes into a disabled lecture are refused: it keeps its data but takes no new sessions or marks. */
export async function getActiveLectureRow(tx: DbOrTx, id: number): Promise<LectureRow> {
  const row = await getLectureRow(tx, id);
  if (row.disabled) throw conflict('lectures.disabled', `비활성화된 강좌입니다 (${row.name}). 강좌를 다시 활성화한 뒤 시도해 주세요`);
  return row;
}

/**
 * Every id must be an existing, not deleted student; otherwise a 400 naming the unknown ids and
 * nothing is written.
 */
export async function requireStudents(tx: DbOrTx, userIds: number[]): Promise<Map<number, { id: number; name: string }>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.userType, 'STUDENT'), isNull(users.deletedAt)));
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw badRequest('lectures.unknown_students', `userIds: 존재하지 않는 학생이 있습니다 (ID ${missing.join(', ')})`);
  }
  return found;
}

/** Makes the roster students participants of the lecture's sessions dated on or after `fromDate`. */
export async function addRosterToSessions(tx: DbOrTx, opts: { lectureId: number; userIds: number[]; fromDate: string; weeklyLectureIds?: number[] }): Promise<number> {
  if (opts.userIds.length === 0) return 0;
  const sessions = await tx
    .select({ id: weeklyLectures.id })
    .from(weeklyLectures)
    .where(
      opts.weeklyLectureIds
        ? and(eq(weeklyLectures.lectureId, opts.lectureId), inArray(weeklyLectures.id, opts.weeklyLectureIds.length ? opts.weeklyLectureIds : [-1]))
        : and(eq(weeklyLectures.lectureId, opts.lectureId), gte(weeklyLectures.date, opts.fromDate)),
    );
  if (sessions.length === 0) return 0;
  const values = sessions.flatMap((s) => opts.userIds.map((userId) => ({ weeklyLectureId: s.id, lectureId: opts.lectureId, userId })));
  const inserted = await tx.insert(weeklyLectureParticipants).values(values).onConflictDoNothing().returning({ id: weeklyLectureParticipants.id });
  return inserted.length;
}

async function activeRoster(tx: DbOrTx, lectureId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: lectureStudents.userId })
    .from(lectureStudents)
    .where(and(eq(lectureStudents.lectureId, lectureId), isNull(lectureStudents.leftAt)));
  return rows.map((r) => r.userId);
}
export { activeRoster };

/**
 * Brings the regular sessions in line with the timetable and period: adds the missing ones
 * (with the roster as participants when they are today or later), drops planned-away sessions
 * that are today or later and hold no record (attendance, announcement), and renumbers.
 */
async function reconcileSessions(tx: DbOrTx, opts: { lecture: LectureRow; today: string }): Promise<{ added: number; removed: number }> {
  const { lecture, today } = opts;
  const planned = planSessions({ schedule: lecture.schedule, startDate: lecture.startDate, endDate: lecture.endDate });
  const existing = await tx.select().from(weeklyLectures).where(eq(weeklyLectures.lectureId, lecture.id));
  const regular = existing.filter((w) => w.seq !== null);
  const key = (s: { date: string; startTime: string }) => `${s.date} ${s.startTime}`;
  const plannedKeys = new Set(planned.map(key));
  const existingKeys = new Set(regular.map(key));

  const candidates = regular.filter((w) => !plannedKeys.has(key(w)) && w.date >= today).map((w) => w.id);
  let removable: number[] = [];
  if (candidates.length > 0) {
    const used = await tx.execute<{ id: number }>(sql`
      select distinct weekly_lecture_id as id from weekly_lecture_participants where weekly_lecture_id in ${candidates} and att_type_id is not null
      union select distinct weekly_lecture_id from weekly_lecture_announcements where weekly_lecture_id in ${candidates}`);
    const usedIds = new Set(rowsOf<{ id: number }>(used).map((r) => Number(r.id)));
    removable = candidates.filter((id) => !usedIds.has(id));
    if (removable.length) await tx.delete(weeklyLectures).where(inArray(weeklyLectures.id, removable));
  }

  const toAdd = planned.filter((p) => !existingKeys.has(key(p)));
  const sessionsPerWeek = lecture.schedule.length;
  const kept = regular.filter((w) => !removable.includes(w.id));
  // Numbering covers kept and new sessions together, in time order.
  const all = [...kept.map((w) => ({ ...w, isNew: false })), ...toAdd.map((p) => ({ ...p, id: 0, isNew: true, seq: 0, title: '', specialName: null as string | null }))]
    .sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date)));
  const newRows: (typeof weeklyLectures.$inferInsert)[] = [];
  const firstDate = all[0]?.date ?? lecture.startDate;
  for (const [i, s] of all.entries()) {
    const seq = i + 1;
    const title = s.specialName ?? sessionTitle({ firstDate, date: s.date, sessionsPerWeek });
    if (s.isNew) newRows.push({ lectureId: lecture.id, seq, title, date: s.date, startTime: s.startTime, endTime: s.endTime });
    else if (s.seq !== seq || s.title !== title) await tx.update(weeklyLectures).set({ seq, title }).where(eq(weeklyLectures.id, s.id));
  }
  if (newRows.length > 0) {
    const inserted = await tx.insert(weeklyLectures).values(newRows).returning({ id: weeklyLectures.id, date: weeklyLectures.date });
    const roster = await activeRoster(tx, lecture.id);
    const future = inserted.filter((w) => w.date >= today).map((w) => w.id);
    if (future.length) await addRosterToSessions(tx, { lectureId: lecture.id, userIds: roster, fromDate: today, weeklyLectureIds: future });
  }
  return { added: newRows.length, removed: removable.length };
}

/** drizzle's execute returns `rows` on node-postgres and PGlite alike. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] };
  return r.rows ?? (result as T[]);
}

function checkPeriod(input: { startDate: string; endDate: string }) {
  if (input.endDate < input.startDate) throw badRequest('lectures.period_invalid', `endDate: 종료일(${input.endDate})이 시작일(${input.startDate})보다 빠릅니다`);
}

export async function createLecture(ctx: AppContext, opts: { input: LectureInput; actorId: number }) {
  validateSchedule(opts.input.schedule);
  checkPeriod(opts.input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lectures)
      .values({ ...opts.input, schedule: sortSchedule(opts.input.schedule), updatedAt: ctx.now(), createdAt: ctx.now() })
      .returning();
    const result = await reconcileSessions(tx, { lecture: row!, today: kstToday(ctx.now()) });
    await recordAudit(tx, { actorId: opts.actorId, action: 'lecture.create', entity: 'lecture', entityId: row!.id, after: { ...mapLecture(row!), sessions: result.added } });
    return mapLecture(row!);
  });
}

function sortSchedule(s: ScheduleSlot[]): ScheduleSlot[] {
  return [...s].sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));
}

export async function updateLecture(ctx: AppContext, opts: { id: number; input: LectureInput; actorId: number }) {
  validateSchedule(opts.input.schedule);
  checkPeriod(opts.input);
  return ctx.db.transaction(async (tx) => {
    const before = await getLectureRow(tx, opts.id);
    const [row] = await tx
      .update(lectures)
      .set({ ...opts.input, schedule: sortSchedule(opts.input.schedule), updatedAt: ctx.now() })
      .where(eq(lectures.id, opts.id))
      .returning();
    const result = await reconcileSessions(tx, { lecture: row!, today: kstToday(ctx.now()) });
    await recordAudit(tx, {
      actorId: opts.actorId,
      action: 'lecture.update',
      entity: 'lecture',
      entityId: opts.id,
      before: mapLecture(before),
      after: { ...mapLecture(row!), sessionsAdded: result.added, sessionsRemoved: result.removed },
    });
    return mapLecture(row!);
  });
}

export async function setLectureDisabled(ctx: AppContext, opts: { id: number; disabled: boolean; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    const before = await getLectureRow(tx, opts.id);
    const [row] = await tx.update(lectures).set({ disabled: opts.disabled, updatedAt: ctx.now() }).where(eq(lectures.id, opts.id)).returning();
    await recordAudit(tx, {
      actorId: opts.actorId,
      action: opts.disabled ? 'lecture.disable' : 'lecture.enable',
      entity: 'lecture',
      entityId: opts.id,
      before: { disabled: before.disabled },
      after: { disabled: opts.disabled },
    });
    return mapLecture(row!);
  });
}

/** The landing list: each lecture with its student count, today's and next session and D-days. */
export async function listLectures(ctx: AppContext, opts: { includeDisabled: boolean }) {
  const today = kstToday(ctx.now());
  const rows = await ctx.db
    .select()
    .from(lectures)
    .where(opts.includeDisabled ? undefined : eq(lectures.disabled, false))
    .orderBy(asc(lectures.disabled), asc(lectures.name));
  const counts = await ctx.db
    .select({ lectureId: lectureStudents.lectureId, n: count() })
    .from(lectureStudents)
    .where(isNull(lectureStudents.leftAt))
    .groupBy(lectureStudents.lectureId);
  const nextSessions = rowsOf<{ id: number; lecture_id: number; seq: number | null; title: string; special_name: string | null; date: string; start_time: string; end_time: string }>(
    await ctx.db.execute(sql`
      select distinct on (lecture_id) id, lecture_id, seq, title, special_name, to_char(date, 'YYYY-MM-DD') as date, start_time, end_time
      from weekly_lectures where date >= ${today} order by lecture_id, date, start_time`),
  );
  const ddays = await ctx.db.select().from(lectureDdays).orderBy(asc(lectureDdays.seq), asc(lectureDdays.id));
  const countBy = new Map(counts.map((c) => [c.lectureId, c.n]));
  const nextBy = new Map(nextSessions.map((s) => [s.lecture_id, s]));
  return rows.map((row) => {
    const next = nextBy.get(row.id);
    const nextSession = next
      ? { id: next.id, lectureId: row.id, seq: next.seq, title: next.title, specialName: next.special_name, date: next.date, startTime: next.start_time, endTime: next.end_time }
      : null;
    return {
      ...mapLecture(row),
      studentCount: countBy.get(row.id) ?? 0,
      todaySession: nextSession && nextSession.date === today ? nextSession : null,
      nextSession,
      ddays: ddays.filter((d) => d.lectureId === row.id).map((d) => mapDday(d, today)),
    };
  });
}

export function mapDday(d: typeof lectureDdays.$inferSelect, today: string) {
  return { id: d.id, lectureId: d.lectureId, title: d.title, date: d.date, seq: d.seq, label: ddayLabel({ today, date: d.date }) };
}

/** One lecture with its roster, sessions and D-days. */
export async function getLecture(ctx: AppContext, id: number) {
  const today = kstToday(ctx.now());
  const row = await getLectureRow(ctx.db, id);
  const [sessions, roster, ddays] = await Promise.all([
    ctx.db.select().from(weeklyLectures).where(eq(weeklyLectures.lectureId, id)).orderBy(asc(weeklyLectures.date), asc(weeklyLectures.startTime)),
    ctx.db
      .select({ userId: users.id, name: users.name, loginId: users.loginId, phone: users.phone, enrolledAt: lectureStudents.enrolledAt })
      .from(lectureStudents)
      .innerJoin(users, eq(users.id, lectureStudents.userId))
      .where(and(eq(lectureStudents.lectureId, id), isNull(lectureStudents.leftAt))),
    ctx.db.select().from(lectureDdays).where(eq(lectureDdays.lectureId, id)).orderBy(asc(lectureDdays.seq), asc(lectureDdays.id)),
  ]);
  const collator = new Intl.Collator('ko-KR');
  return {
    ...mapLecture(row),
    weeklyLectures: sessions.map(mapWeeklyLecture),
    students: roster
      .map((s) => ({ userId: s.userId, name: s.name, loginId: s.loginId, phone: s.phone, enrolledAt: s.enrolledAt.toISOString() }))
      .sort((a, b) => collator.compare(a.name, b.name)),
    ddays: ddays.map((d) => mapDday(d, today)),
  };
}

/** Enrols students; each becomes a participant of every session from today on. */
export async function enrolStudents(ctx: AppContext, opts: { lectureId: number; userIds: number[]; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    await getActiveLectureRow(tx, opts.lectureId);
    await requireStudents(tx, opts.userIds);
    const result = await enrolInTx(tx, { lectureId: opts.lectureId, userIds: [...new Set(opts.userIds)], fromDate: kstToday(ctx.now()), at: ctx.now() });
    await recordAudit(tx, { actorId: opts.actorId, action: 'lecture.enrol', entity: 'lecture', entityId: opts.lectureId, after: { userIds: opts.userIds, ...result } });
    return result;
  });
}

/** Roster + participation of sessions from `fromDate`. Used by enrolment, transfer and the demo seed. */
export async function enrolInTx(tx: DbOrTx, opts: { lectureId: number; userIds: number[]; fromDate: string; at: Date }) {
  if (opts.userIds.length === 0) return { enrolled: 0, participations: 0 };
  await tx
    .insert(lectureStudents)
    .values(opts.userIds.map((userId) => ({ lectureId: opts.lectureId, userId, enrolledAt: opts.at })))
    .onConflictDoUpdate({ target: [lectureStudents.lectureId, lectureStudents.userId], set: { leftAt: null, enrolledAt: opts.at }, setWhere: sql`${lectureStudents.leftAt} is not null` });
  const participations = await addRosterToSessions(tx, { lectureId: opts.lectureId, userIds: opts.userIds, fromDate: opts.fromDate });
  return { enrolled: opts.userIds.length, participations };
}

/**
 * Takes students off the roster. Their participation in sessions from today on is removed unless
 * a record was already made there (attendance); past sessions are untouched.
 */
async function leaveInTx(tx: DbOrTx, opts: { lectureId: number; userIds: number[]; fromDate: string; at: Date }) {
  await tx
    .update(lectureStudents)
    .set({ leftAt: opts.at })
    .where(and(eq(lectureStudents.lectureId, opts.lectureId), inArray(lectureStudents.userId, opts.userIds), isNull(lectureStudents.leftAt)));
  const removed = await tx.execute<{ id: number }>(sql`
    delete from weekly_lecture_participants p using weekly_lectures w
    where p.weekly_lecture_id = w.id and p.lecture_id = ${opts.lectureId} and p.user_id in ${opts.userIds}
      and w.date >= ${opts.fromDate} and p.att_type_id is null
    returning p.id`);
  return rowsOf(removed).length;
}

export async function unenrolStudents(ctx: AppContext, opts: { lectureId: number; userIds: number[]; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    await getLectureRow(tx, opts.lectureId);
    const enrolled = await activeRoster(tx, opts.lectureId);
    const missing = opts.userIds.filter((id) => !enrolled.includes(id));
    if (missing.length) throw badRequest('lectures.not_enrolled', `userIds: 이 강좌에 등록되지 않은 학생이 있습니다 (ID ${missing.join(', ')})`);
    const removed = await leaveInTx(tx, { lectureId: opts.lectureId, userIds: opts.userIds, fromDate: kstToday(ctx.now()), at: ctx.now() });
    await recordAudit(tx, { actorId: opts.actorId, action: 'lecture.unenrol', entity: 'lecture', entityId: opts.lectureId, after: { userIds: opts.userIds, participationsRemoved: removed } });
    return { left: opts.userIds.length, participationsRemoved: removed };
  });
}

/**
 * 반 이동: student leaves lecture `fromId` and joins `toId` from the next session on. Records
 * already made (past sessions, attendance marked) stay in the lecture where they were made.
 */
export async function transferStudent(ctx: AppContext, opts: { fromId: number; userId: number; toId: number; actorId: number }) {
  if (opts.fromId === opts.toId) throw badRequest('lectures.transfer_same', '이동할 강좌가 현재 강좌와 같습니다');
  return ctx.db.transaction(async (tx) => {
    const from = await getLectureRow(tx, opts.fromId);
    const to = await getActiveLectureRow(tx, opts.toId);
    const students = await requireStudents(tx, [opts.userId]);
    const fromRoster = await activeRoster(tx, opts.fromId);
    if (!fromRoster.includes(opts.userId)) throw badRequest('lectures.not_enrolled', `${students.get(opts.userId)!.name} 학생은 ${from.name} 강좌에 등록되어 있지 않습니다`);
    const toRoster = await activeRoster(tx, opts.toId);
    if (toRoster.includes(opts.userId)) throw conflict('lectures.already_enrolled', `${students.get(opts.userId)!.name} 학생은 이미 ${to.name} 강좌에 등록되어 있습니다`);
    const today = kstToday(ctx.now());
    const removed = await leaveInTx(tx, { lectureId: opts.fromId, userIds: [opts.userId], fromDate: today, at: ctx.now() });
    const joined = await enrolInTx(tx, { lectureId: opts.toId, userIds: [opts.userId], fromDate: today, at: ctx.now() });
    await recordAudit(tx, {
      actorId: opts.actorId,
      action: 'lecture.class_transfer',
      entity: 'user',
      entityId: opts.userId,
      before: { lectureId: from.id, lectureName: from.name },
      after: { lectureId: to.id, lectureName: to.name, fromDate: today, participationsRemoved: removed, participationsAdded: joined.participations },
    });
    return { userId: opts.userId, fromLectureId: from.id, toLectureId: to.id, fromDate: today, participationsRemoved: removed, participationsAdded: joined.participations };
  });
}

export async function createDday(ctx: AppContext, opts: { lectureId: number; title: string; date: string; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    await getLectureRow(tx, opts.lectureId);
    const [max] = await tx.select({ m: sql<number>`coalesce(max(${lectureDdays.seq}), 0)` }).from(lectureDdays).where(eq(lectureDdays.lectureId, opts.lectureId));
    const [row] = await tx.insert(lectureDdays).values({ lectureId: opts.lectureId, title: opts.title, date: opts.date, seq: Number(max?.m ?? 0) + 1, createdAt: ctx.now() }).returning();
    await recordAudit(tx, { actorId: opts.actorId, action: 'lecture.dday.create', entity: 'lecture_dday', entityId: row!.id, after: row });
    return mapDday(row!, kstToday(ctx.now()));
  });
}

async function getDdayRow(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(lectureDdays).where(eq(lectureDdays.id, id));
  if (!row) throw notFound('lectures.dday_not_found', `D-day를 찾을 수 없습니다 (ID ${id})`);
  return row;
}

export async function updateDday(ctx: AppContext, opts: { id: number; title: string; date: string; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    const before = await getDdayRow(tx, opts.id);
    const [row] = await tx.update(lectureDdays).set({ title: opts.title, date: opts.date }).where(eq(lectureDdays.id, opts.id)).returning();
    await recordAudit(tx, { actorId: opts.actorId, action: 'lecture.dday.update', entity: 'lecture_dday', entityId: opts.id, before, after: row });
    return mapDday(row!, kstToday(ctx.now()));
  });
}

export async function deleteDday(ctx: AppContext, opts: { id: number; actorId: number }) {
  await ctx.db.transaction(async (tx) => {
    const before = await getDdayRow(tx, opts.id);
    await tx.delete(lectureDdays).where(eq(lectureDdays.id, opts.id));
    await recordAudit(tx, { actorId: opts.actorId, action: 'lecture.dday.delete', entity: 'lecture_dday', entityId: opts.id, before });
  });
  return { id: opts.id };
}

/** The full order of one lecture's D-days in one call: every D-day of that lecture, each once. */
export async function reorderDdays(ctx: AppContext, opts: { ids: number[]; actorId: number }) {
  if (new Set(opts.ids).size !== opts.ids.length) throw badRequest('lectures.dday_order_invalid', 'ids: 같은 D-day가 두 번 들어 있습니다');
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(lectureDdays).where(inArray(lectureDdays.id, opts.ids));
    const missing = opts.ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw badRequest('lectures.dday_not_found', `ids: 존재하지 않는 D-day가 있습니다 (ID ${missing.join(', ')})`);
    const lectureIds = new Set(rows.map((r) => r.lectureId));
    if (lectureIds.size !== 1) throw badRequest('lectures.dday_order_invalid', 'ids: 한 강좌의 D-day만 함께 정렬할 수 있습니다');
    const lectureId = rows[0]!.lectureId;
    const all = await tx.select({ id: lectureDdays.id }).from(lectureDdays).where(eq(lectureDdays.lectureId, lectureId));
    if (all.length !== opts.ids.length) throw badRequest('lectures.dday_order_incomplete', `ids: 강좌의 D-day ${all.length}개를 모두 보내야 합니다 (받은 개수 ${opts.ids.length})`);
    await tx.execute(sql`
      update lecture_ddays d set seq = v.seq
      from (select unnest(${sql.param(opts.ids)}::int[]) as id, generate_series(1, ${opts.ids.length}) as seq) v
      where d.id = v.id`);
    await recordAudit(tx, { actorId: opts.actorId, action: 'lecture.dday.reorder', entity: 'lecture', entityId: lectureId, before: rows.sort((a, b) => a.seq - b.seq).map((r) => r.id), after: opts.ids });
    const today = kstToday(ctx.now());
    const after = await tx.select().from(lectureDdays).where(eq(lectureDdays.lectureId, lectureId)).orderBy(asc(lectureDdays.seq));
    return after.map((d) => mapDday(d, today));
  });
}

