import { studentsApi } from '@academy/contracts/students';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { createBulkService } from './bulk.service.ts';
import type { createImportService } from './import.service.ts';
import type { createProfileService } from './profile.service.ts';
import type { QueryService } from './query.service.ts';
import { buildExport, buildTemplate } from './students.excel.ts';

type Services = {
  now: () => Date;
  query: QueryService;
  profiles: ReturnType<typeof createProfileService>;
  bulk: ReturnType<typeof createBulkService>;
  imports: ReturnType<typeof createImportService>;
};

/**
 * Students (SPEC §7 Students). Staff calls need TA; the ones that destroy or reset many accounts
 * at once (delete, restore, batch password reset) need ADMIN. Students read nothing here.
 */
export function studentRoutes(app: FastifyInstance, s: Services): void {
  route(app, studentsApi.list, ({ query }) => s.query.list(query));
  route(app, studentsApi.excelTemplate, async () => ({ body: await buildTemplate(), fileName: '학생_일괄등록_양식.xlsx' }));
  route(app, studentsApi.excelExport, async ({ query }) => ({
    body: await buildExport(await s.query.listAll(query)),
    fileName: `학생목록_${s.now().toISOString().slice(0, 10)}.xlsx`,
  }));
  route(app, studentsApi.importExcel, ({ body, query, upload, user }) =>
    s.imports.importStudents({ buffer: upload.buffer, dryRun: (body.dryRun ?? query.dryRun ?? 'true') === 'true', actorId: user.userId }));
  route(app, studentsApi.create, ({ body, user }) => s.profiles.create({ body, actorId: user.userId }));
  route(app, studentsApi.batchChangePassword, ({ body, user }) => s.bulk.batchChangePassword({ ...body, actorId: user.userId }));
  route(app, studentsApi.batchUpdate, ({ body, user }) => s.bulk.batchUpdate({ ...body, actorId: user.userId }));
  route(app, studentsApi.addTags, ({ body, user }) => s.bulk.addTags({ ...body, actorId: user.userId }));
  route(app, studentsApi.removeTags, ({ body, user }) => s.bulk.removeTags({ ...body, actorId: user.userId }));
  route(app, studentsApi.toggleStatus, ({ body, user }) => s.bulk.toggleStatus({ ...body, actorId: user.userId }));
  route(app, studentsApi.delete, ({ body, user }) => s.bulk.softDelete({ ...body, actorId: user.userId }));
  route(app, studentsApi.restore, ({ body, user }) => s.bulk.restore({ ...body, actorId: user.userId }));
  route(app, studentsApi.get, ({ params, query }) => s.query.get(params.id, { includeDeleted: query.includeDeleted === 'true' }));
  route(app, studentsApi.update, ({ params, body, user }) => s.profiles.update({ id: params.id, body, actorId: user.userId }));
  route(app, studentsApi.setRepresentativeLectures, ({ params, body, user }) =>
    s.profiles.setRepresentativeLectures({ id: params.id, lectureIds: body.lectureIds, actorId: user.userId }));
}
