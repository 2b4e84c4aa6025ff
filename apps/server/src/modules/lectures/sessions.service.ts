import { compareKorean, formatPhone } from '@academy/contracts/format';
import {
  ATTENDANCE_ERRORS,
  LECTURE_ERRORS,
  WEEKLY_LECTURE_ERRORS,
  type Announcement,
  type WeeklyLectureDetail,
  type WeeklyLectureSummary,
} from '@academy/contracts/lectures';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { FileResult } from '../../http/route.ts';
import { appError } from '../../lib/errors.ts';
import { writeSheet } from '../../lib/xlsx.ts';
import { userAccounts } from '../users/index.ts';
import type { LecturesDeps } from './lectures.deps.ts';
import { getActiveLectureRow, getLectureRow, getWeeklyLectureRow, mapWeeklyLecture } from './lectures.rows.ts';
import { attendanceTypes, lectureStudents, weeklyLectureAnnouncements, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';
import type { RosterService } from './roster.service.ts';

type SessionRef = { lectureId: number; wlId: number };

function mapAnnouncement(a: typeof weeklyLectureAnnouncements.$inferSelect): Announcement {
  return { id: a.id, weeklyLectureId: a.weeklyLectureId, title: a.title, content: a.content, pinned: a.pinned, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() };
}

/** Sessions (회차): the list of a lecture, one session, special sessions, participants and announcements. */
export function createSessionService(deps: LecturesDeps & { roster: RosterService }) {
  const { ctx, users, roster } = deps;
  const { db, audit } = ctx;

  async function getAnnouncementRow(opts: SessionRef & { announcementId: number }) {
    await getWeeklyLectureRow(db, opts);
    const [row] = await db
      .select()
      .from(weeklyLectureAnnouncements)
      .where(and(eq(weeklyLectureAnnouncements.id, opts.announcementId), eq(weeklyLectureAnnouncements.weeklyLectureId, opts.wlId)));
    if (!row) throw appError(WEEKLY_LECTURE_ERRORS.announcement_not_found, `공지를 찾을 수 없습니다 (ID ${opts.announcementId})`);
    return row;
  }

  return {
    async list(lectureId: number): Promise<WeeklyLectureSummary[]> {
      await getLectureRow(db, lectureId);
      const [rows, counts] = await Promise.all([
        db.select().from(weeklyLectures).where(eq(weeklyLectures.lectureId, lectureId)).orderBy(asc(weeklyLectures.date), asc(weeklyLectures.startTime)),
        db
          .select({ wlId: weeklyLectureParticipants.weeklyLectureId, n: sql<number>`count(*)::int`, marked: sql<number>`count(${weeklyLectureParticipants.attTypeId})::int` })
          .from(weeklyLectureParticipants)
          .where(eq(weeklyLectureParticipants.lectureId, lectureId))
          .groupBy(weeklyLectureParticipants.weeklyLectureId),
      ]);
      const by = new Map(counts.map((c) => [c.wlId, c]));
      return rows.map((w) => ({ ...mapWeeklyLecture(w), participantCount: by.get(w.id)?.n ?? 0, markedCount: by.get(w.id)?.marked ?? 0 }));
    },

    /** One session: its participants with attendance, and its announcements. */
    async get(opts: SessionRef): Promise<WeeklyLectureDetail> {
      const wl = await getWeeklyLectureRow(db, opts);
      const [participants, announcements] = await Promise.all([
        db
          .select({
            userId: userAccounts.id,
            name: userAccounts.name,
            loginId: userAccounts.loginId,
            phone: userAccounts.phone,
            attTypeId: weeklyLectureParticipants.attTypeId,
            attLocked: weeklyLectureParticipants.attLocked,
            memo: weeklyLectureParticipants.memo,
          })
          .from(weeklyLectureParticipants)
          .innerJoin(userAccounts, eq(userAccounts.id, weeklyLectureParticipants.userId))
          .where(eq(weeklyLectureParticipants.weeklyLectureId, wl.id)),
        db.select().from(weeklyLectureAnnouncements).where(eq(weeklyLectureAnnouncements.weeklyLectureId, wl.id)).orderBy(desc(weeklyLectureAnnouncements.createdAt)),
      ]);
      return {
        ...mapWeeklyLecture(wl),
        participants: participants.sort((a, b) => compareKorean(a.name, b.name)),
        announcements: announcements.map(mapAnnouncement),
      };
    },

    /** A special session (보강, 특강) outside the regular sequence; the roster joins it. */
    async createSpecial(opts: { lectureId: number; specialName: string; date: string; startTime: string; endTime: string; actorId: number }) {
      return db.transaction(async () => {
        await getActiveLectureRow(db, opts.lectureId);
        const [row] = await db
          .insert(weeklyLectures)
          .values({ lectureId: opts.lectureId, seq: null, title: opts.specialName, specialName: opts.specialName, date: opts.date, startTime: opts.startTime, endTime: opts.endTime, createdAt: ctx.now() })
          .returning();
        const participants = await roster.addToSessions({ lectureId: opts.lectureId, userIds: await roster.activeRoster(opts.lectureId), fromDate: opts.date, weeklyLectureIds: [row!.id] });
        await audit.record({ actorId: opts.actorId, action: 'weekly_lecture.create_special', entity: 'weekly_lecture', entityId: row!.id, after: { ...mapWeeklyLecture(row!), participants } });
        return mapWeeklyLecture(row!);
      });
    },

    /** Names (or renames) a session: "보강", "특강 — 기출 총정리". */
    async rename(opts: SessionRef & { specialName: string; actorId: number }) {
      return db.transaction(async () => {
        await getActiveLectureRow(db, opts.lectureId);
        const before = await getWeeklyLectureRow(db, opts);
        const [row] = await db.update(weeklyLectures).set({ specialName: opts.specialName, title: opts.specialName }).where(eq(weeklyLectures.id, opts.wlId)).returning();
        await audit.record({ actorId: opts.actorId, action: 'weekly_lecture.rename', entity: 'weekly_lecture', entityId: opts.wlId, before: mapWeeklyLecture(before), after: mapWeeklyLecture(row!) });
        return mapWeeklyLecture(row!);
      });
    },

    /**
     * Adds participants to one session: named students, and/or the roster of another lecture, with
     * an optional preset attendance type. Students already in the session are skipped, not doubled.
     */
    async addParticipants(opts: SessionRef & { userIds: number[]; fromLectureId?: number; attTypeId?: number; actorId: number }) {
      return db.transaction(async () => {
        await getActiveLectureRow(db, opts.lectureId);
        const wl = await getWeeklyLectureRow(db, opts);
        if (opts.attTypeId !== undefined) {
          const [t] = await db.select({ id: attendanceTypes.id }).from(attendanceTypes).where(eq(attendanceTypes.id, opts.attTypeId));
          if (!t) throw appError(ATTENDANCE_ERRORS.unknown_type, `존재하지 않는 출결 유형입니다 (ID ${opts.attTypeId})`, { field: 'attTypeId' });
        }
        let ids = [...opts.userIds];
        if (opts.fromLectureId !== undefined) {
          await getLectureRow(db, opts.fromLectureId);
          ids = ids.concat(await roster.activeRoster(opts.fromLectureId));
        }
        ids = [...new Set(ids)];
        if (ids.length === 0) throw appError(WEEKLY_LECTURE_ERRORS.no_students, '추가할 학생이 없습니다 (다른 강좌의 수강생이 없습니다)');
        await users.requireStudents({ ids, error: LECTURE_ERRORS.unknown_students });
        const inserted = await db
          .insert(weeklyLectureParticipants)
          .values(ids.map((userId) => ({
            weeklyLectureId: wl.id,
            lectureId: wl.lectureId,
            userId,
            attTypeId: opts.attTypeId ?? null,
            attUpdatedAt: opts.attTypeId ? ctx.now() : null,
            attUpdatedBy: opts.attTypeId ? opts.actorId : null,
          })))
          .onConflictDoNothing()
          .returning({ userId: weeklyLectureParticipants.userId });
        await audit.record({
          actorId: opts.actorId,
          action: 'weekly_lecture.participants.add',
          entity: 'weekly_lecture',
          entityId: wl.id,
          after: { userIds: inserted.map((r) => r.userId), attTypeId: opts.attTypeId ?? null, fromLectureId: opts.fromLectureId ?? null },
        });
        return { added: inserted.length, skipped: ids.length - inserted.length };
      });
    },

    /** Removes participants in one go; a locked cell or a non-participant refuses the whole call. */
    async removeParticipants(opts: SessionRef & { userIds: number[]; actorId: number }) {
      return db.transaction(async () => {
        const wl = await getWeeklyLectureRow(db, opts);
        const ids = [...new Set(opts.userIds)];
        const rows = await db
          .select({ userId: weeklyLectureParticipants.userId, attTypeId: weeklyLectureParticipants.attTypeId, attLocked: weeklyLectureParticipants.attLocked })
          .from(weeklyLectureParticipants)
          .where(and(eq(weeklyLectureParticipants.weeklyLectureId, wl.id), inArray(weeklyLectureParticipants.userId, ids)));
        const missing = ids.filter((id) => !rows.some((r) => r.userId === id));
        if (missing.length) throw appError(ATTENDANCE_ERRORS.not_participant, `이 회차의 참여자가 아닌 학생이 있습니다 (ID ${missing.join(', ')})`, { field: 'userIds' });
        const locked = rows.filter((r) => r.attLocked);
        if (locked.length) {
          const names = await users.directory(locked.map((r) => r.userId));
          throw appError(ATTENDANCE_ERRORS.locked, `출결이 잠긴 학생은 뺄 수 없습니다: ${locked.map((r) => names.get(r.userId)?.name).join(', ')}. 잠금을 해제한 뒤 다시 시도해 주세요`);
        }
        await db.delete(weeklyLectureParticipants).where(and(eq(weeklyLectureParticipants.weeklyLectureId, wl.id), inArray(weeklyLectureParticipants.userId, ids)));
        await audit.record({ actorId: opts.actorId, action: 'weekly_lecture.participants.remove', entity: 'weekly_lecture', entityId: wl.id, before: rows.map(({ userId, attTypeId }) => ({ userId, attTypeId })) });
        return { removed: rows.length };
      });
    },

    async createAnnouncement(opts: SessionRef & { title: string; content: string; pinned: boolean; actorId: number }) {
      return db.transaction(async () => {
        const wl = await getWeeklyLectureRow(db, opts);
        const [row] = await db
          .insert(weeklyLectureAnnouncements)
          .values({ weeklyLectureId: wl.id, title: opts.title, content: opts.content, pinned: opts.pinned, createdBy: opts.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning();
        await audit.record({ actorId: opts.actorId, action: 'weekly_lecture.announcement.create', entity: 'weekly_lecture_announcement', entityId: row!.id, after: mapAnnouncement(row!) });
        return mapAnnouncement(row!);
      });
    },

    async updateAnnouncement(opts: SessionRef & { announcementId: number; title: string; content: string; pinned: boolean; actorId: number }) {
      return db.transaction(async () => {
        const before = await getAnnouncementRow(opts);
        const [row] = await db
          .update(weeklyLectureAnnouncements)
          .set({ title: opts.title, content: opts.content, pinned: opts.pinned, updatedAt: ctx.now() })
          .where(eq(weeklyLectureAnnouncements.id, opts.announcementId))
          .returning();
        await audit.record({ actorId: opts.actorId, action: 'weekly_lecture.announcement.update', entity: 'weekly_lecture_announcement', entityId: row!.id, before: mapAnnouncement(before), after: mapAnnouncement(row!) });
        return mapAnnouncement(row!);
      });
    },

    async deleteAnnouncement(opts: SessionRef & { announcementId: number; actorId: number }) {
      await db.transaction(async () => {
        const before = await getAnnouncementRow(opts);
        await db.delete(weeklyLectureAnnouncements).where(eq(weeklyLectureAnnouncements.id, opts.announcementId));
        await audit.record({ actorId: opts.actorId, action: 'weekly_lecture.announcement.delete', entity: 'weekly_lecture_announcement', entityId: before.id, before: mapAnnouncement(before) });
      });
      return { id: opts.announcementId };
    },

    /** Students who could be added to the session (active, not already in it), as an Excel sheet. */
    async candidateExcel(opts: SessionRef): Promise<FileResult> {
      const wl = await getWeeklyLectureRow(db, opts);
      const lecture = await getLectureRow(db, opts.lectureId);
      const inSession = db.select({ id: weeklyLectureParticipants.userId }).from(weeklyLectureParticipants).where(eq(weeklyLectureParticipants.weeklyLectureId, wl.id));
      const rows = await db
        .select({ id: userAccounts.id, name: userAccounts.name, loginId: userAccounts.loginId, phone: userAccounts.phone, enrolled: lectureStudents.userId })
        .from(userAccounts)
        .leftJoin(lectureStudents, and(eq(lectureStudents.userId, userAccounts.id), eq(lectureStudents.lectureId, opts.lectureId), isNull(lectureStudents.leftAt)))
        .where(and(eq(userAccounts.userType, 'STUDENT'), eq(userAccounts.isActive, true), isNull(userAccounts.deletedAt), notInArray(userAccounts.id, inSession)));
      rows.sort((a, b) => compareKorean(a.name, b.name));
      const body = await writeSheet({
        name: '추가 가능 학생',
        rows,
        columns: [
          { header: '학생 ID', width: 10, value: (r) => r.id },
          { header: '이름', width: 14, value: (r) => r.name },
          { header: '아이디', width: 16, value: (r) => r.loginId },
          { header: '전화번호', width: 16, value: (r) => formatPhone(r.phone) },
          { header: '이 강좌 수강생', width: 14, value: (r) => (r.enrolled ? '예' : '아니오') },
        ],
      });
      return { body, fileName: `${lecture.name}_${wl.title}_추가가능학생.xlsx` };
    },
  };
}
