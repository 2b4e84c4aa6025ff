import { clinicApi, portalClinicApi } from '@academy/contracts/clinic';
import { counselApi, portalCounselApi } from '@academy/contracts/counsel';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { BoardService } from './board.service.ts';
import type { BookingService } from './booking.service.ts';
import type { PortalService } from './portal.service.ts';
import type { SlotService } from './slots.service.ts';

type Services = { slots: SlotService; booking: BookingService; board: BoardService; portal: PortalService };

/** Every route of the clinic module (clinic, counsel, and the student's side of both): one service call each. */
export function clinicRoutes(app: FastifyInstance, s: Services): void {
  const actor = (user: { userId: number }) => ({ id: user.userId });

  route(app, clinicApi.slots, ({ query }) => s.slots.list({ kind: 'clinic', ...query }));
  route(app, clinicApi.createSlot, ({ body, user }) => s.slots.create({ kind: 'clinic', body, actor: actor(user) }));
  route(app, clinicApi.updateSlot, ({ params, body, user }) => s.slots.update({ id: params.id, kind: 'clinic', body, actor: actor(user) }));
  route(app, clinicApi.deleteSlot, ({ params, user }) => s.slots.remove({ id: params.id, kind: 'clinic', actor: actor(user) }));
  route(app, clinicApi.assignTa, ({ params, body, user }) => s.slots.assignTa({ id: params.id, taId: body.taId, actor: actor(user) }));
  route(app, clinicApi.taCounts, ({ query }) => s.slots.taCounts(query));
  route(app, clinicApi.copyByDay, ({ body, user }) => s.slots.copyByDay({ ...body, actor: actor(user) }));
  route(app, clinicApi.participants, ({ params }) => s.board.participants({ slotId: params.id, kind: 'clinic' }));
  route(app, clinicApi.addParticipants, ({ params, body, user }) => s.booking.add({ slotId: params.id, kind: 'clinic', userIds: body.userIds, examId: body.examId, actor: actor(user) }));
  route(app, clinicApi.removeParticipant, ({ params, user }) => s.booking.remove({ participantId: params.id, kind: 'clinic', actor: actor(user) }));
  route(app, clinicApi.todoStatus, ({ params, body, user }) => s.board.setTodos({ participantId: params.id, todos: body.todos, actor: actor(user) }));
  route(app, clinicApi.memo, ({ params, body, user }) => s.board.setMemo({ participantId: params.id, kind: 'clinic', memo: body.memo, actor: actor(user) }));
  route(app, clinicApi.move, ({ params, user }) => s.booking.move({ participantId: params.id, toSlotId: params.slotId, actor: actor(user) }));
  route(app, clinicApi.gradeSubmit, ({ params, body, user }) => s.board.gradeSubmit({ participantId: params.id, value: body.scoreValue, actor: actor(user) }));
  route(app, clinicApi.arrival, ({ params, user }) => s.board.arrive({ participantId: params.id, actor: actor(user) }));
  route(app, clinicApi.cancelArrival, ({ params, user }) => s.board.cancelArrival({ participantId: params.id, actor: actor(user) }));
  route(app, clinicApi.departure, ({ params, user }) => s.board.depart({ participantId: params.id, actor: actor(user) }));
  route(app, clinicApi.hurry, ({ params, user }) => s.board.hurry({ participantId: params.id, actor: actor(user) }));
  route(app, clinicApi.dailyStatus, ({ query }) => s.board.daily({ kind: 'clinic', ...query }));
  route(app, clinicApi.days, ({ query }) => s.slots.days(query));
  route(app, clinicApi.setDay, ({ params, body, user }) => s.slots.setDay({ date: params.date, ...body, actor: actor(user) }));
  route(app, clinicApi.rules, () => s.slots.rules());
  route(app, clinicApi.setRules, ({ body, user }) => s.slots.setRules({ rules: body, actor: actor(user) }));

  route(app, counselApi.slots, ({ query }) => s.slots.list({ kind: 'counsel', ...query }));
  route(app, counselApi.createSlot, ({ body, user }) => s.slots.create({ kind: 'counsel', body, actor: actor(user) }));
  route(app, counselApi.updateSlot, ({ params, body, user }) => s.slots.update({ id: params.id, kind: 'counsel', body, actor: actor(user) }));
  route(app, counselApi.deleteSlot, ({ params, user }) => s.slots.remove({ id: params.id, kind: 'counsel', actor: actor(user) }));
  route(app, counselApi.daily, ({ query }) => s.board.daily({ kind: 'counsel', ...query }));
  route(app, counselApi.addParticipant, async ({ params, body, user }) =>
    (await s.booking.add({ slotId: params.id, kind: 'counsel', userIds: [body.userId], counselType: body.counselType, actor: actor(user) }))[0]!);
  route(app, counselApi.removeParticipant, ({ params, user }) => s.booking.remove({ participantId: params.id, kind: 'counsel', actor: actor(user) }));
  route(app, counselApi.note, ({ params, body, user }) => s.board.counselNote({ participantId: params.id, content: body.content, consultType: body.consultType, actor: actor(user) }));

  route(app, portalClinicApi.board, ({ query, user }) => s.portal.clinic({ userId: user.userId, ...query }));
  route(app, portalClinicApi.reserve, ({ params, body, user }) => s.portal.reserve({ slotId: params.id, kind: 'clinic', userId: user.userId, isStudent: user.userType === 'STUDENT', examId: body.examId }));
  route(app, portalClinicApi.cancel, ({ params, user }) => s.booking.cancel({ slotId: params.id, kind: 'clinic', userId: user.userId }));
  route(app, portalCounselApi.board, ({ query, user }) => s.portal.counsel({ userId: user.userId, ...query }));
  route(app, portalCounselApi.reserve, ({ params, body, user }) => s.portal.reserve({ slotId: params.id, kind: 'counsel', userId: user.userId, isStudent: user.userType === 'STUDENT', counselType: body.counselType }));
  route(app, portalCounselApi.cancel, ({ params, user }) => s.booking.cancel({ slotId: params.id, kind: 'counsel', userId: user.userId }));
}
