import { taApi, wageTypesApi } from '@academy/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { TaService } from './tas.service.ts';
import type { WageTypeService } from './wage-types.service.ts';

/** Every route of the staff module: the endpoint declared in contracts → one service call. */
export function staffRoutes(app: FastifyInstance, s: { tas: TaService; wageTypes: WageTypeService }): void {
  route(app, taApi.list, () => s.tas.list());
  route(app, taApi.get, ({ params }) => s.tas.get(params.id));
  route(app, taApi.create, ({ body, user }) => s.tas.create({ body, actorId: user.userId }));
  route(app, taApi.update, ({ params, body, user }) => s.tas.update({ id: params.id, body, actorId: user.userId }));
  route(app, taApi.delete, ({ params, user }) => s.tas.delete({ id: params.id, actorId: user.userId }));
  route(app, taApi.toggleStatus, ({ params, user }) => s.tas.toggleStatus({ id: params.id, actorId: user.userId }));
  route(app, taApi.setWage, ({ params, body, user }) => s.tas.setWage({ id: params.id, settings: body, actor: user }));
  route(app, taApi.wageHistory, ({ params }) => s.tas.wageHistory(params.id));

  route(app, wageTypesApi.list, () => s.wageTypes.list());
  route(app, wageTypesApi.create, ({ body, user }) => s.wageTypes.create({ input: body, actorId: user.userId }));
  route(app, wageTypesApi.update, ({ params, body, user }) => s.wageTypes.update({ id: params.id, input: body, actorId: user.userId }));
  route(app, wageTypesApi.delete, ({ params, user }) => s.wageTypes.delete({ id: params.id, actorId: user.userId }));
}
