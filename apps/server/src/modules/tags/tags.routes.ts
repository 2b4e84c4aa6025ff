import { tagsApi } from '@academy/contracts/tags';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { createAssignmentService } from './assignments.service.ts';
import type { createCatalogService } from './catalog.service.ts';

type Services = { catalog: ReturnType<typeof createCatalogService>; assignments: ReturnType<typeof createAssignmentService> };

/** Tags (SPEC §7 Tags). Staff (TA) manage them; deleting a tag, which strips it from everyone, needs ADMIN. */
export function tagRoutes(app: FastifyInstance, { catalog, assignments }: Services): void {
  route(app, tagsApi.list, () => catalog.list());
  route(app, tagsApi.create, ({ body, user }) => catalog.create({ ...body, actorId: user.userId }));
  route(app, tagsApi.reorder, ({ body, user }) => catalog.updatePriority({ tagIds: body.tagIds, actorId: user.userId }));
  route(app, tagsApi.addToUsers, ({ body, user }) => assignments.addToUsers({ ...body, actorId: user.userId }));
  route(app, tagsApi.removeFromUsers, ({ body, user }) => assignments.removeFromUsers({ ...body, actorId: user.userId }));
  route(app, tagsApi.update, ({ params, body, user }) => catalog.update({ id: params.id, ...body, actorId: user.userId }));
  route(app, tagsApi.delete, ({ params, user }) => catalog.remove({ id: params.id, actorId: user.userId }));
}
