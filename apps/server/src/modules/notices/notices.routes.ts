import { noticesApi } from '@academy/contracts/notices';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { createNoticeService } from './notices.service.ts';

export function noticeRoutes(app: FastifyInstance, notices: ReturnType<typeof createNoticeService>): void {
  route(app, noticesApi.staff, () => notices.read('crm'));
  route(app, noticesApi.updateStaff, ({ body, user }) => notices.write({ key: 'crm', content: body.content, actorId: user.userId }));
  route(app, noticesApi.clinic, () => notices.read('clinic'));
  route(app, noticesApi.updateClinic, ({ body, user }) => notices.write({ key: 'clinic', content: body.content, actorId: user.userId }));
}
