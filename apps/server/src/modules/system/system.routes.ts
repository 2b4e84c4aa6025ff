import { systemApi } from '@academy/contracts/system';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { createSystemService } from './system.service.ts';

export function systemRoutes(app: FastifyInstance, system: ReturnType<typeof createSystemService>): void {
  // Once the server starts closing it stops being ready, so a load balancer drains it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  route(app, systemApi.health, () => system.health());
  route(app, systemApi.ready, () => system.ready({ closing }));
  route(app, systemApi.version, ({ reply }) => {
    reply.header('cache-control', 'no-cache, no-store, must-revalidate').header('pragma', 'no-cache').header('expires', '0');
    return { version: system.version() };
  });
  route(app, systemApi.logError, ({ body, req, user }) => system.logError({ report: body, ip: req.ip, userAgent: req.headers['user-agent'], userId: user?.userId ?? null }));
  route(app, systemApi.errorLogs, ({ query }) => system.errorLogs(query));
}
