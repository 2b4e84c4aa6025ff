import { parentWeekApi } from '@academy/contracts/parent-week';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import type { createWeekLinkService } from './week-links.service.ts';
import type { createWeekService } from './week.service.ts';

export function parentWeekRoutes(app: FastifyInstance, s: { ctx: AppContext; week: ReturnType<typeof createWeekService>; links: ReturnType<typeof createWeekLinkService> }): void {
  route(app, parentWeekApi.view, ({ params, query, reply }) => {
    // A parent's page: never kept by a browser or a proxy.
    reply.header('cache-control', 'no-store');
    return s.week.view({ token: params.token, week: query.week });
  });
  route(app, parentWeekApi.file, ({ params, reply }) => {
    reply.header('cache-control', 'no-store');
    return s.week.file({ token: params.token, fileId: params.fileId });
  });
  route(app, parentWeekApi.create, ({ params, body, user }) =>
    s.links.create({ studentId: params.id, expiresInDays: body.expiresInDays, sendSms: body.sendSms, origin: publicOrigin(s.ctx), actorId: user.userId }));
  route(app, parentWeekApi.list, ({ params }) => s.links.list(params.id));
  route(app, parentWeekApi.revoke, ({ params, user }) => s.links.revoke({ linkId: params.id, actorId: user.userId }));
}
