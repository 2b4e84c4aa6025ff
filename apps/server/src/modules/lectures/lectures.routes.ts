import { attendanceApi, lecturesApi, portalLecturesApi, weeklyLecturesApi } from '@academy/contracts/lectures';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { createAttendanceService } from './attendance.service.ts';
import type { createLectureService } from './lectures.service.ts';
import type { createPortalService } from './portal.service.ts';
import type { RosterService } from './roster.service.ts';
import type { createSessionService } from './sessions.service.ts';

type Services = {
  lectures: ReturnType<typeof createLectureService>;
  roster: RosterService;
  sessions: ReturnType<typeof createSessionService>;
  attendance: ReturnType<typeof createAttendanceService>;
  portal: ReturnType<typeof createPortalService>;
};

/** Every route of the lectures module: the endpoint declared in contracts → one service call. */
export function lectureRoutes(app: FastifyInstance, s: Services): void {
  route(app, lecturesApi.list, ({ query }) => s.lectures.list({ includeDisabled: query.includeDisabled === 'true' }));
  route(app, lecturesApi.get, ({ params }) => s.lectures.get(params.id));
  route(app, lecturesApi.create, ({ body, user }) => s.lectures.create({ input: body, actorId: user.userId }));
  route(app, lecturesApi.update, ({ params, body, user }) => s.lectures.update({ id: params.id, input: body, actorId: user.userId }));
  route(app, lecturesApi.disable, ({ params, user }) => s.lectures.setDisabled({ id: params.id, disabled: true, actorId: user.userId }));
  route(app, lecturesApi.enable, ({ params, user }) => s.lectures.setDisabled({ id: params.id, disabled: false, actorId: user.userId }));
  route(app, lecturesApi.enrol, ({ params, body, user }) => s.roster.enrol({ lectureId: params.id, userIds: body.userIds, actorId: user.userId }));
  route(app, lecturesApi.enrolClashes, ({ params, body }) => s.roster.enrolClashes({ lectureId: params.id, userIds: body.userIds }));
  route(app, lecturesApi.unenrol, ({ params, body, user }) => s.roster.unenrol({ lectureId: params.id, userIds: body.userIds, actorId: user.userId }));
  route(app, lecturesApi.classTransfer, ({ params, user }) => s.roster.transfer({ fromId: params.id, userId: params.a, toId: params.b, actorId: user.userId }));
  route(app, lecturesApi.createDday, ({ params, body, user }) => s.lectures.createDday({ lectureId: params.id, ...body, actorId: user.userId }));
  route(app, lecturesApi.reorderDdays, ({ body, user }) => s.lectures.reorderDdays({ ids: body.ids, actorId: user.userId }));
  route(app, lecturesApi.updateDday, ({ params, body, user }) => s.lectures.updateDday({ id: params.id, ...body, actorId: user.userId }));
  route(app, lecturesApi.deleteDday, ({ params, user }) => s.lectures.deleteDday({ id: params.id, actorId: user.userId }));

  const wl = (p: { id: number; wlId: number }) => ({ lectureId: p.id, wlId: p.wlId });
  route(app, weeklyLecturesApi.list, ({ params }) => s.sessions.list(params.id));
  route(app, weeklyLecturesApi.get, ({ params }) => s.sessions.get(wl(params)));
  route(app, weeklyLecturesApi.createSpecial, ({ params, body, user }) => s.sessions.createSpecial({ lectureId: params.id, ...body, actorId: user.userId }));
  route(app, weeklyLecturesApi.rename, ({ params, body, user }) => s.sessions.rename({ ...wl(params), specialName: body.specialName, actorId: user.userId }));
  route(app, weeklyLecturesApi.addParticipants, ({ params, body, user }) => s.sessions.addParticipants({ ...wl(params), userIds: body.userIds, actorId: user.userId }));
  route(app, weeklyLecturesApi.addParticipantsWithOptions, ({ params, body, user }) => s.sessions.addParticipants({ ...wl(params), ...body, actorId: user.userId }));
  route(app, weeklyLecturesApi.removeParticipants, ({ params, body, user }) => s.sessions.removeParticipants({ ...wl(params), userIds: body.userIds, actorId: user.userId }));
  route(app, weeklyLecturesApi.createAnnouncement, ({ params, body, user }) => s.sessions.createAnnouncement({ ...wl(params), ...body, actorId: user.userId }));
  route(app, weeklyLecturesApi.updateAnnouncement, ({ params, body, user }) =>
    s.sessions.updateAnnouncement({ ...wl(params), announcementId: params.announcementId, ...body, actorId: user.userId }));
  route(app, weeklyLecturesApi.deleteAnnouncement, ({ params, user }) => s.sessions.deleteAnnouncement({ ...wl(params), announcementId: params.announcementId, actorId: user.userId }));
  route(app, weeklyLecturesApi.candidateExcel, ({ params }) => s.sessions.candidateExcel(wl(params)));

  route(app, attendanceApi.listTypes, () => s.attendance.listTypes());
  route(app, attendanceApi.createType, ({ body, user }) => s.attendance.createType({ input: body, actorId: user.userId }));
  route(app, attendanceApi.updateType, ({ params, body, user }) => s.attendance.updateType({ id: params.id, input: body, actorId: user.userId }));
  route(app, attendanceApi.reorderTypes, ({ body, user }) => s.attendance.reorderTypes({ ids: body.ids, actorId: user.userId }));
  route(app, attendanceApi.deleteType, ({ params, user }) => s.attendance.deleteType({ id: params.id, actorId: user.userId }));
  route(app, attendanceApi.set, ({ params, body, user }) => s.attendance.set({ ...wl(params), userIds: [body.userId], attTypeId: body.attTypeId, actorId: user.userId }));
  route(app, attendanceApi.setBulk, ({ params, body, user }) => s.attendance.set({ ...wl(params), userIds: body.userIds, attTypeId: body.attTypeId, actorId: user.userId }));
  route(app, attendanceApi.setLock, ({ params, body, user }) => s.attendance.setLock({ ...wl(params), userIds: body.userIds, locked: body.locked, actorId: user.userId }));
  route(app, attendanceApi.grid, ({ params }) => s.attendance.grid(params.id));

  route(app, portalLecturesApi.lectures, ({ user }) => s.portal.lectures(user.userId));
  route(app, portalLecturesApi.sessions, ({ query, user }) => s.portal.sessions({ userId: user.userId, from: query.from, to: query.to }));
  route(app, portalLecturesApi.announcements, ({ user }) => s.portal.announcements(user.userId));
  route(app, portalLecturesApi.attendance, ({ user }) => s.portal.attendance(user.userId));
  route(app, portalLecturesApi.ddays, ({ user }) => s.portal.ddays(user.userId));
}
