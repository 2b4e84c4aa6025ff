import { smsApi } from '@academy/contracts/sms';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import type { ComposeService } from './compose.service.ts';
import type { HistoryService } from './history.service.ts';
import type { ScheduleService } from './schedules.service.ts';
import type { SettingsService } from './settings.service.ts';

export function smsRoutes(app: FastifyInstance, s: { ctx: AppContext; compose: ComposeService; history: HistoryService; settings: SettingsService; schedules: ScheduleService }): void {
  const origin = publicOrigin(s.ctx);
  route(app, smsApi.send, ({ body: { confirmed, ...input }, user }) => s.compose.send({ input, confirmed, origin, actorId: user.userId }));
  route(app, smsApi.preview, ({ body }) => s.compose.preview({ input: body, origin }));
  route(app, smsApi.recipients, ({ query }) => s.history.recipients(query));
  route(app, smsApi.batches, ({ query }) => s.history.batches(query));
  route(app, smsApi.cancelBatch, ({ params, user }) => s.history.cancel({ batchId: params.id, actorId: user.userId }));
  route(app, smsApi.history, ({ query, user }) => s.history.messages(query, user));
  route(app, smsApi.message, ({ params, user }) => s.history.message(params.id, user));
  route(app, smsApi.resend, ({ body, user }) => s.history.resend({ messageIds: body.messageIds, actor: user }));
  route(app, smsApi.settings, () => s.settings.get());
  route(app, smsApi.updateSettings, ({ body, user }) => s.settings.update({ input: body, actorId: user.userId }));
  route(app, smsApi.schedules, () => s.schedules.list());
  route(app, smsApi.createSchedule, ({ body, user }) => s.schedules.create({ input: body, origin, actorId: user.userId }));
  route(app, smsApi.updateSchedule, ({ params, body, user }) => s.schedules.update({ id: params.id, input: body, origin, actorId: user.userId }));
  route(app, smsApi.deleteSchedule, ({ params, user }) => s.schedules.remove({ id: params.id, actorId: user.userId }));
}
