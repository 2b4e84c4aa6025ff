import { compareKorean } from '@academy/contracts/format';
import { kstToday } from '@academy/contracts/dates';
import { LECTURE_ERRORS, type LectureDetail, type LectureInput, type LectureListItem, type WeeklyLecture } from '@academy/contracts/lectures';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { selectRows } from '../../db/sql.ts';
import { appError } from '../../lib/errors.ts';
import { userAccounts } from '../users/index.ts';
import type { LecturesDeps } from './lectures.deps.ts';
import { getLectureRow, type LectureRow, mapDday, mapLecture, mapWeeklyLecture } from './lectures.rows.ts';
import { byTime, planSessions, sessionTitle, sortSchedule } from './lectures.schedule.ts';
import { lectureDdays, lectures, lectureStudents, weeklyLectureAnnouncements, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';
import type { RosterService } from './roster.service.ts';

type Input = Omit<LectureInput, 'color'> & { color?: string };

/** Lectures themselves: the list, one lecture, create and edit (with its sessions), disable, D-days. */
export function createLectureService(deps: LecturesDeps & { roster: RosterService }) {
  const { ctx, roster } = deps;
  const { db, audit } = ctx;

  /**
   * Brings the regular sessions in line with the timetable and period: adds the missing ones
   * (with the roster as participants when they are today or later), drops planned-away sessions
   * that are today or later and hold no record (attendance, announcement), and renumbers.
   */
  async function reconcileSessions(lecture: LectureRow): Promise<{ added: number; removed: number }> {
    const today = kstToday(ctx.now());
    const planned = planSessions({ schedule: lecture.schedule, startDate: lecture.startDate, endDate: lecture.endDate, keepHolidays: lecture.keepHolidays });
    const existing = await db.select().from(weeklyLectures).where(eq(weeklyLectures.lectureId, lecture.id));
    const regular = existing.filter((w) => w.seq !== null);
    const key = (s: { date: string; startTime: string }) => `${s.date} ${s.startTime}`;
    const plannedKeys = new Set(planned.map(key));
    const existingKeys = new Set(regular.map(key));

    const candidates = regular.filter((w) => !plannedKeys.has(key(w)) && w.date >= today).map((w) => w.id);
    let removable: number[] = [];
    if (candidates.length > 0) {
      const used = await db
        .selectDistinct({ id: weeklyLectureParticipants.weeklyLectureId })
        .from(weeklyLectureParticipants)
        .where(and(inArray(weeklyLectureParticipants.weeklyLectureId, candidates), isNotNull(weeklyLectureParticipants.attTypeId)))
        .union(db.selectDistinct({ id: weeklyLectureAnnouncements.weeklyLectureId }).from(weeklyLectureAnnouncements).where(inArray(weeklyLectureAnnouncements.weeklyLectureId, candidates)));
      const usedIds = new Set(used.map((r) => r.id));
      removable = candidates.filter((id) => !usedIds.has(id));
      if (removable.length) await db.delete(weeklyLectures).where(inArray(weeklyLectures.id, removable));
    }

    const toAdd = planned.filter((p) => !existingKeys.has(key(p)));
    const sessionsPerWeek = lecture.schedule.length;
    const kept = regular.filter((w) => !removable.includes(w.id));
    // Numbering covers kept and new sessions together, in time order.
    const all = [...kept.map((w) => ({ ...w, isNew: false })), ...toAdd.map((p) => ({ ...p, id: 0, isNew: true, seq: 0, title: '', specialName: null as string | null }))].sort(byTime);
    const newRows: (typeof weeklyLectures.$inferInsert)[] = [];
    const firstDate = all[0]?.date ?? lecture.startDate;
    for (const [i, s] of all.entries()) {
      const seq = i + 1;
      const title = s.specialName ?? sessionTitle({ firstDate, date: s.date, sessionsPerWeek });
      if (s.isNew) newRows.push({ lectureId: lecture.id, seq, title, date: s.date, startTime: s.startTime, endTime: s.endTime });
      else if (s.seq !== seq || s.title !== title) await db.update(weeklyLectures).set({ seq, title }).where(eq(weeklyLectures.id, s.id));
    }
    if (newRows.length > 0) {
      const inserted = await db.insert(weeklyLectures).values(newRows).returning({ id: weeklyLectures.id, date: weeklyLectures.date });
      const future = inserted.filter((w) => w.date >= today).map((w) => w.id);
      if (future.length) await roster.addToSessions({ lectureId: lecture.id, userIds: await roster.activeRoster(lecture.id), fromDate: today, weeklyLectureIds: future });
    }
    return { added: newRows.length, removed: removable.length };
  }

  async function getDdayRow(id: number) {
    const [row] = await db.select().from(lectureDdays).where(eq(lectureDdays.id, id));
    if (!row) throw appError(LECTURE_ERRORS.dday_not_found, `D-day를 찾을 수 없습니다 (ID ${id})`);
    return row;
  }

  return {
    /** The landing list: each lecture with its student count, today's and next session and D-days. */
    async list(opts: { includeDisabled: boolean }): Promise<LectureListItem[]> {
      const today = kstToday(ctx.now());
      const [rows, counts, nextSessions, ddays] = await Promise.all([
        db.select().from(lectures).where(opts.includeDisabled ? undefined : eq(lectures.disabled, false)).orderBy(asc(lectures.disabled), asc(lectures.name)),
        db.select({ lectureId: lectureStudents.lectureId, n: count() }).from(lectureStudents).where(isNull(lectureStudents.leftAt)).groupBy(lectureStudents.lectureId),
        selectRows<WeeklyLecture>(db, sql`
          select distinct on (${weeklyLectures.lectureId}) ${weeklyLectures.id} as "id", ${weeklyLectures.lectureId} as "lectureId",
                 ${weeklyLectures.seq} as "seq", ${weeklyLectures.title} as "title", ${weeklyLectures.specialName} as "specialName",
                 to_char(${weeklyLectures.date}, 'YYYY-MM-DD') as "date", ${weeklyLectures.startTime} as "startTime", ${weeklyLectures.endTime} as "endTime"
          from ${weeklyLectures} where ${weeklyLectures.date} >= ${today}
          order by ${weeklyLectures.lectureId}, ${weeklyLectures.date}, ${weeklyLectures.startTime}`),
        db.select().from(lectureDdays).orderBy(asc(lectureDdays.seq), asc(lectureDdays.id)),
      ]);
      const countBy = new Map(counts.map((c) => [c.lectureId, c.n]));
      const nextBy = new Map(nextSessions.map((s) => [s.lectureId, s]));
      return rows.map((row) => {
        const next = nextBy.get(row.id) ?? null;
        return {
          ...mapLecture(row),
          studentCount: countBy.get(row.id) ?? 0,
          todaySession: next && next.date === today ? next : null,
          nextSession: next,
          ddays: ddays.filter((d) => d.lectureId === row.id).map((d) => mapDday(d, today)),
        };
      });
    },

    /** One lecture with its roster, sessions and D-days. */
    async get(id: number): Promise<LectureDetail> {
      const today = kstToday(ctx.now());
      const row = await getLectureRow(db, id);
      const [sessions, rosterRows, ddays] = await Promise.all([
        db.select().from(weeklyLectures).where(eq(weeklyLectures.lectureId, id)).orderBy(asc(weeklyLectures.date), asc(weeklyLectures.startTime)),
        db
          .select({ userId: userAccounts.id, name: userAccounts.name, loginId: userAccounts.loginId, phone: userAccounts.phone, enrolledAt: lectureStudents.enrolledAt })
          .from(lectureStudents)
          .innerJoin(userAccounts, eq(userAccounts.id, lectureStudents.userId))
          .where(and(eq(lectureStudents.lectureId, id), isNull(lectureStudents.leftAt))),
        db.select().from(lectureDdays).where(eq(lectureDdays.lectureId, id)).orderBy(asc(lectureDdays.seq), asc(lectureDdays.id)),
      ]);
      return {
        ...mapLecture(row),
        weeklyLectures: sessions.map(mapWeeklyLecture),
        students: rosterRows
          .map((s) => ({ userId: s.userId, name: s.name, loginId: s.loginId, phone: s.phone, enrolledAt: s.enrolledAt.toISOString() }))
          .sort((a, b) => compareKorean(a.name, b.name)),
        ddays: ddays.map((d) => mapDday(d, today)),
      };
    },

    async create(opts: { input: Input; actorId: number }) {
      return db.transaction(async () => {
        const [row] = await db
          .insert(lectures)
          .values({ ...opts.input, schedule: sortSchedule(opts.input.schedule), updatedAt: ctx.now(), createdAt: ctx.now() })
          .returning();
        const result = await reconcileSessions(row!);
        await audit.record({ actorId: opts.actorId, action: 'lecture.create', entity: 'lecture', entityId: row!.id, after: { ...mapLecture(row!), sessions: result.added } });
        return mapLecture(row!);
      });
    },

    async update(opts: { id: number; input: Input; actorId: number }) {
      return db.transaction(async () => {
        const before = await getLectureRow(db, opts.id);
        const [row] = await db
          .update(lectures)
          .set({ ...opts.input, schedule: sortSchedule(opts.input.schedule), updatedAt: ctx.now() })
          .where(eq(lectures.id, opts.id))
          .returning();
        const result = await reconcileSessions(row!);
        await audit.record({
          actorId: opts.actorId,
          action: 'lecture.update',
          entity: 'lecture',
          entityId: opts.id,
          before: mapLecture(before),
          after: { ...mapLecture(row!), sessionsAdded: result.added, sessionsRemoved: result.removed },
        });
        return mapLecture(row!);
      });
    },

    async setDisabled(opts: { id: number; disabled: boolean; actorId: number }) {
      return db.transaction(async () => {
        const before = await getLectureRow(db, opts.id);
        const [row] = await db.update(lectures).set({ disabled: opts.disabled, updatedAt: ctx.now() }).where(eq(lectures.id, opts.id)).returning();
        await audit.record({
          actorId: opts.actorId,
          action: opts.disabled ? 'lecture.disable' : 'lecture.enable',
          entity: 'lecture',
          entityId: opts.id,
          before: { disabled: before.disabled },
          after: { disabled: opts.disabled },
        });
        return mapLecture(row!);
      });
    },

    async createDday(opts: { lectureId: number; title: string; date: string; actorId: number }) {
      return db.transaction(async () => {
        await getLectureRow(db, opts.lectureId);
        const [max] = await db.select({ m: sql<number>`coalesce(max(${lectureDdays.seq}), 0)::int` }).from(lectureDdays).where(eq(lectureDdays.lectureId, opts.lectureId));
        const [row] = await db.insert(lectureDdays).values({ lectureId: opts.lectureId, title: opts.title, date: opts.date, seq: (max?.m ?? 0) + 1, createdAt: ctx.now() }).returning();
        await audit.record({ actorId: opts.actorId, action: 'lecture.dday.create', entity: 'lecture_dday', entityId: row!.id, after: row });
        return mapDday(row!, kstToday(ctx.now()));
      });
    },

    async updateDday(opts: { id: number; title: string; date: string; actorId: number }) {
      return db.transaction(async () => {
        const before = await getDdayRow(opts.id);
        const [row] = await db.update(lectureDdays).set({ title: opts.title, date: opts.date }).where(eq(lectureDdays.id, opts.id)).returning();
        await audit.record({ actorId: opts.actorId, action: 'lecture.dday.update', entity: 'lecture_dday', entityId: opts.id, before, after: row });
        return mapDday(row!, kstToday(ctx.now()));
      });
    },

    async deleteDday(opts: { id: number; actorId: number }) {
      await db.transaction(async () => {
        const before = await getDdayRow(opts.id);
        await db.delete(lectureDdays).where(eq(lectureDdays.id, opts.id));
        await audit.record({ actorId: opts.actorId, action: 'lecture.dday.delete', entity: 'lecture_dday', entityId: opts.id, before });
      });
      return { id: opts.id };
    },

    /** The full order of one lecture's D-days in one call: every D-day of that lecture, each once. */
    async reorderDdays(opts: { ids: number[]; actorId: number }) {
      if (new Set(opts.ids).size !== opts.ids.length) throw appError(LECTURE_ERRORS.dday_order_invalid, '같은 D-day가 두 번 들어 있습니다', { field: 'ids' });
      return db.transaction(async () => {
        const rows = await db.select().from(lectureDdays).where(inArray(lectureDdays.id, opts.ids));
        const missing = opts.ids.filter((id) => !rows.some((r) => r.id === id));
        if (missing.length) throw appError(LECTURE_ERRORS.dday_not_found, `존재하지 않는 D-day가 있습니다 (ID ${missing.join(', ')})`, { field: 'ids' });
        const lectureIds = new Set(rows.map((r) => r.lectureId));
        if (lectureIds.size !== 1) throw appError(LECTURE_ERRORS.dday_order_invalid, '한 강좌의 D-day만 함께 정렬할 수 있습니다', { field: 'ids' });
        const lectureId = rows[0]!.lectureId;
        const [all] = await db.select({ n: count() }).from(lectureDdays).where(eq(lectureDdays.lectureId, lectureId));
        if (all!.n !== opts.ids.length) throw appError(LECTURE_ERRORS.dday_order_incomplete, `강좌의 D-day ${all!.n}개를 모두 보내야 합니다 (받은 개수 ${opts.ids.length})`, { field: 'ids' });
        await db.execute(sql`
          update ${lectureDdays} set seq = v.seq
          from (select unnest(${sql.param(opts.ids)}::int[]) as id, generate_series(1, ${opts.ids.length}) as seq) v
          where ${lectureDdays.id} = v.id`);
        await audit.record({ actorId: opts.actorId, action: 'lecture.dday.reorder', entity: 'lecture', entityId: lectureId, before: rows.sort((a, b) => a.seq - b.seq).map((r) => r.id), after: opts.ids });
        const today = kstToday(ctx.now());
        const after = await db.select().from(lectureDdays).where(eq(lectureDdays.lectureId, lectureId)).orderBy(asc(lectureDdays.seq));
        return after.map((d) => mapDday(d, today));
      });
    },
  };
}
