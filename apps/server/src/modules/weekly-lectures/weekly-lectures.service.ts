import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { formatPhone } from '@academy/contracts/format';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  activeRoster,
  getActiveLectureRow,
  getLectureRow,
  mapWeeklyLecture,
  requireStudents,
} from '../lectures/lectures.service.ts';
import { attendanceTypes, lectureStudents, weeklyLectureAnnouncements, weeklyLectureParticipants, weeklyLectures } from '../lectures/lectures.table.ts';
import { users } from '../users/users.table.ts';

const collator = new Intl.Collator('ko-KR');

/** The weekly lecture, checked to belong to the lecture in the path. */
export async function getWeeklyLectureRow(tx: DbOrTx, opts: { lectureId: number; wlId: number }) {
  const [row] = await tx.select().from(weeklyLectures).where(and(eq(weeklyLectures.id, opts.wlId), eq(weeklyLectures.lectureId, opts.lectureId)));
  if (!row) throw notFound('weekly_lectures.not_found', `이 강좌의 회차를 찾을 수 없습니다 (회차 ID ${opts.wlId})`);
  return row;
}

export async function listWeeklyLectures(ctx: AppContext, lectureId: number) {
  await getLectureRow(ctx.db, lectureId);
  const rows = await ctx.db.select().from(weeklyLectures).where(eq(weeklyLectures.lectureId, lectureId)).orderBy(asc(weeklyLectures.date), asc(weeklyLectures.startTime));
  const counts = await ctx.db
    .select({ wlId: weeklyLectureParticipants.weeklyLectureId, n: sql<number>`count(*)::int`, marked: sql<number>`count(${weeklyLectureParticipants.attTypeId})::int` })
    .from(weeklyLectureParticipants)
    .where(eq(weeklyLectureParticipants.lectureId, lectureId))
    .groupBy(weeklyLectureParticipants.weeklyLectureId);
  const by = new Map(counts.map((c) => [c.wlId, c]));
  return rows.map((w) => ({ ...mapWeeklyLecture(w), participantCount: by.get(w.id)?.n ?? 0, markedCount: by.get(w.id)?.marked ?? 0 }));
}

/** One session: its participants with attendance, and its announcements. */
export async function getWeeklyLecture(ctx: AppContext, opts: { lectureId: number; wlId: number }) {
  const wl = await getWeeklyLectureRow(ctx.db, opts);
  const [participants, announcements] = await Promise.all([
    ctx.db
      .select({
        userId: users.id,
        name: users.name,
        loginId: users.loginId,
        phone: users.phone,
        attTypeId: weeklyLectureParticipants.attTypeId,
        attLocked: weeklyLectureParticipants.attLocked,
        memo: weeklyLectureParticipants.memo,
      })
      .from(weeklyLectureParticipants)
      .innerJoin(users, eq(users.id, weeklyLectureParticipants.userId))
      .where(eq(weeklyLectureParticipants.weeklyLectureId, wl.id)),
    ctx.db.select().from(weeklyLectureAnnouncements).where(eq(weeklyLectureAnnouncements.weeklyLectureId, wl.id)).orderBy(desc(weeklyLectureAnnouncements.createdAt)),
  ]);
  return {
    ...mapWeeklyLecture(wl),
    participants: participants.sort((a, b) => collator.compare(a.name, b.name)),
    announcements: announcements.map(mapAnnouncement),
  };
}

export function mapAnnouncement(a: typeof weeklyLectureAnnouncements.$inferSelect) {
  return { id: a.id, weeklyLectureId: a.weeklyLectureId, title: a.title, content: a.content, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() };
}

/** A special session (보강, 특강) outside the regular sequence; the roster joins it. */
export async function createSpecialSession(
  ctx: AppContext,
  opts: { lectureId: number; specialName: string; date: string; startTime: string; endTime: string; actorId: number },
) {
  if (opts.endTime <= opts.startTime) throw badRequest('weekly_lectures.time_invalid', `endTime: 종료 시각(${opts.endTime})이 시작 시각(${opts.startTime})보다 늦어야 합니다`);
  return ctx.db.transaction(async (tx) => {
    await getActiveLectureRow(tx, opts.lectureId);
    const [row] = await tx
      .insert(weeklyLectures)
      .values({ lectureId: opts.lectureId, seq: null, title: opts.specialName, specialName: opts.specialName, date: opts.date, startTime: opts.startTime, endTime: opts.endTime, createdAt: ctx.now() })
      .returning();
    const roster = await activeRoster(tx, opts.lectureId);
    if (roster.length) {
      await tx.insert(weeklyLectureParticipants).values(roster.map((userId) => ({ weeklyLectureId: row!.id, lectureId: opts.lectureId, userId })));
    }
    await recordAudit(tx, { actorId: opts.actorId, action: 'weekly_lecture.create_special', entity: 'weekly_lecture', entityId: row!.id, after: { ...mapWeeklyLecture(row!), participants: roster.length } });
    return mapWeeklyLecture(row!);
  });
}

/** Names (or renames) a session: "보강", "특강 — 기출 총정리". */
export async function renameSession(ctx: AppContext, opts: { lectureId: number; wlId: number; specialName: string; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    await getActiveLectureRow(tx, opts.lectureId);
    const before = await getWeeklyLectureRow(tx, opts);
    const [row] = await tx.update(weeklyLectures).set({ specialName: opts.specialName, title: opts.specialName }).where(eq(weeklyLectures.id, opts.wlId)).returning();
    await recordAudit(tx, { actorId: opts.actorId, action: 'weekly_lecture.rename', entity: 'weekly_lecture', entityId: opts.wlId, before: mapWeeklyLecture(before), after: mapWeeklyLecture(row!) });
    return mapWeeklyLecture(row!);
  });
}

async function requireAttType(tx: DbOrTx, attTypeId: number) {
  const [t] = await tx.select().from(attendanceTypes).where(eq(attendanceTypes.id, attTypeId));
  if (!t) throw badRequest('attendance.type_not_found', `attTypeId: 존재하지 않는 출결 유형입니다 (ID ${attTypeId})`);
  return t;
}

/**
 * Adds participants to one session: named students, and/or the roster of another lecture, with
 * an optional preset attendance type. Students already in the session are skipped, not doubled.
 */
export async function addParticipants(
  ctx: AppContext,
  opts: { lectureId: number; wlId: number; userIds: number[]; fromLectureId?: number; attTypeId?: number; actorId: number },
) {
  return ctx.db.transaction(async (tx) => {
    await getActiveLectureRow(tx, opts.lectureId);
    const wl = await getWeeklyLectureRow(tx, opts);
    if (opts.attTypeId !== undefined) await requireAttType(tx, opts.attTypeId);
    let ids = [...opts.userIds];
    if (opts.fromLectureId !== undefined) {
      await getLectureRow(tx, opts.fromLectureId);
      ids = ids.concat(await activeRoster(tx, opts.fromLectureId));
    }
    ids = [...new Set(ids)];
    if (ids.length === 0) throw badRequest('weekly_lectures.no_students', '추가할 학생이 없습니다 (다른 강좌의 수강생이 없습니다)');
    await requireStudents(tx, ids);
    const inserted = await tx
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
    await recordAudit(tx, {
      actorId: opts.actorId,
      action: 'weekly_lecture.participants.add',
      entity: 'weekly_lecture',
      entityId: wl.id,
      after: { userIds: inserted.map((r) => r.userId), attTypeId: opts.attTypeId ?? null, fromLectureId: opts.fromLectureId ?? null },
    });
    return { added: inserted.length, skipped: ids.length - inserted.length };
  });
}

/** Removes participants in one go; a locked cell or a non-participant refuses the whole call. */
export async function removeParticipants(ctx: AppContext, opts: { lectureId: number; wlId: number; userIds: number[]; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    const wl = await getWeeklyLectureRow(tx, opts);
    const ids = [...new Set(opts.userIds)];
    const rows = await tx
      .select({ userId: weeklyLectureParticipants.userId, attTypeId: weeklyLectureParticipants.attTypeId, attLocked: weeklyLectureParticipants.attLocked, name: users.name })
      .from(weeklyLectureParticipants)
      .innerJoin(users, eq(users.id, weeklyLectureParticipants.userId))
      .where(and(eq(weeklyLectureParticipants.weeklyLectureId, wl.id), inArray(weeklyLectureParticipants.userId, ids)));
    const missing = ids.filter((id) => !rows.some((r) => r.userId === id));
    if (missing.length) throw badRequest('attendance.not_participant', `userIds: 이 회차의 참여자가 아닌 학생이 있습니다 (ID ${missing.join(', ')})`);
    const locked = rows.filter((r) => r.attLocked);
    if (locked.length) throw conflict('attendance.locked', `출결이 잠긴 학생은 뺄 수 없습니다: ${locked.map((r) => r.name).join(', ')}. 잠금을 해제한 뒤 다시 시도해 주세요`);
    await tx.delete(weeklyLectureParticipants).where(and(eq(weeklyLectureParticipants.weeklyLectureId, wl.id), inArray(weeklyLectureParticipants.userId, ids)));
    await recordAudit(tx, { actorId: opts.actorId, action: 'weekly_lecture.participants.remove', entity: 'weekly_lecture', entityId: wl.id, before: rows.map(({ userId, attTypeId }) => ({ userId, attTypeId })) });
    return { removed: rows.length };
  });
}

export async function createAnnouncement(ctx: AppContext, opts: { lectureId: number; wlId: number; title: string; content: string; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    const wl = await getWeeklyLectureRow(tx, opts);
    const [row] = await tx
      .insert(weeklyLectureAnnouncements)
      .values({ weeklyLectureId: wl.id, title: opts.title, content: opts.content, createdBy: opts.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
      .returning();
    await recordAudit(tx, { actorId: opts.actorId, action: 'weekly_lecture.announcement.create', entity: 'weekly_lecture_announcement', entityId: row!.id, after: mapAnnouncement(row!) });
    return mapAnnouncement(row!);
  });
}

async function getAnnouncementRow(tx: DbOrTx, opts: { lectureId: number; wlId: number; announcementId: number }) {
  await getWeeklyLectureRow(tx, opts);
  const [row] = await tx
    .select()
    .from(weeklyLectureAnnouncements)
    .where(and(eq(weeklyLectureAnnouncements.id, opts.announcementId), eq(weeklyLectureAnnouncements.weeklyLectureId, opts.wlId)));
  if (!row) throw notFound('weekly_lectures.announcement_not_found', `공지를 찾을 수 없습니다 (ID ${opts.announcementId})`);
  return row;
}

export async function updateAnnouncement(ctx: AppContext, opts: { lectureId: number; wlId: number; announcementId: number; title: string; content: string; actorId: number }) {
  return ctx.db.transaction(async (tx) => {
    const before = await getAnnouncementRow(tx, opts);
    const [row] = await tx
      .update(weeklyLectureAnnouncements)
      .set({ title: opts.title, content: opts.content, updatedAt: ctx.now() })
      .where(eq(weeklyLectureAnnouncements.id, opts.announcementId))
      .returning();
    await recordAudit(tx, { actorId: opts.actorId, action: 'weekly_lecture.announcement.update', entity: 'weekly_lecture_announcement', entityId: row!.id, before: mapAnnouncement(before), after: mapAnnouncement(row!) });
    return mapAnnouncement(row!);
  });
}

export async function deleteAnnouncement(ctx: AppContext, opts: { lectureId: number; wlId: number; announcementId: number; actorId: number }) {
  await ctx.db.transaction(async (tx) => {
    const before = await getAnnouncementRow(tx, opts);
    await tx.delete(weeklyLectureAnnouncements).where(eq(weeklyLectureAnnouncements.id, opts.announcementId));
    await recordAudit(tx, { actorId: opts.actorId, action: 'weekly_lecture.announcement.delete', entity: 'weekly_lecture_announcement', entityId: before.id, before: mapAnnouncement(before) });
  });
  return { id: opts.announcementId };
}

/** Students who could be added to the session (active, not already in it), as an Excel sheet. */
export async function candidateExcel(ctx: AppContext, opts: { lectureId: number; wlId: number }): Promise<{ buffer: Buffer; fileName: string }> {
  const wl = await getWeeklyLectureRow(ctx.db, opts);
  const lecture = await getLectureRow(ctx.db, opts.lectureId);
  const inSession = ctx.db.select({ id: weeklyLectureParticipants.userId }).from(weeklyLectureParticipants).where(eq(weeklyLectureParticipants.weeklyLectureId, wl.id));
  const rows = await ctx.db
    .select({ id: users.id, name: users.name, loginId: users.loginId, phone: users.phone, enrolled: lectureStudents.userId })
    .from(users)
    .leftJoin(lectureStudents, and(eq(lectureStudents.userId, users.id), eq(lectureStudents.lectureId, opts.lectureId), isNull(lectureStudents.leftAt)))
    .where(and(eq(users.userType, 'STUDENT'), eq(users.isActive, true), isNull(users.deletedAt), notInArray(users.id, inSession)));
  rows.sort((a, b) => collator.compare(a.name, b.name));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('추가 가능 학생');
  ws.columns = [
    { header: '학생 ID', key: 'id', width: 10 },
    { header: '이름', key: 'name', width: 14 },
    { header: '아이디', key: 'loginId', width: 16 },
    { header: '전화번호', key: 'phone', width: 16 },
    { header: '이 강좌 수강생', key: 'enrolled', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow({ id: r.id, name: r.name, loginId: r.loginId, phone: formatPhone(r.phone), enrolled: r.enrolled ? '예' : '아니오' });
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { buffer, fileName: `${lecture.name}_${wl.title}_추가가능학생.xlsx` };
}
