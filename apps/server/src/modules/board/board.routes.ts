import { boardApi } from '@academy/contracts/board';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { AttachmentService } from './attachments.service.ts';
import type { createAnswerService } from './answers.service.ts';
import type { Viewer } from './board.deps.ts';
import type { PostService } from './posts.service.ts';

/** The caller and the address the limits count by: `req.ip`, which follows the server's proxy trust setting. */
const viewer = (req: FastifyRequest, user: AuthUser | null): Viewer => ({ user, ip: req.ip });

export function boardRoutes(app: FastifyInstance, s: { ctx: AppContext; posts: PostService; answers: ReturnType<typeof createAnswerService>; attachments: AttachmentService }): void {
  route(app, boardApi.list, ({ query, user, req }) => s.posts.list({ viewer: viewer(req, user), ...query }));
  route(app, boardApi.get, ({ params, user, req }) => s.posts.get({ id: params.id, viewer: viewer(req, user) }));
  route(app, boardApi.unlock, ({ params, body, user, req }) => s.posts.unlock({ id: params.id, password: body.password, viewer: viewer(req, user) }));
  route(app, boardApi.create, ({ body, user, req }) => s.posts.create({ viewer: viewer(req, user), input: body }));
  route(app, boardApi.update, ({ params, body, user, req }) => s.posts.update({ id: params.id, viewer: viewer(req, user), input: body }));
  route(app, boardApi.remove, ({ params, body, user, req }) => s.posts.remove({ id: params.id, viewer: viewer(req, user), password: body.password }));
  route(app, boardApi.createAnswer, ({ params, body, user }) =>
    s.answers.create({ postId: params.id, body: body.body, notifySms: body.notifySms, actorId: user.userId, origin: publicOrigin(s.ctx) }));
  route(app, boardApi.updateAnswer, ({ params, body, user }) => s.answers.update({ id: params.id, body: body.body, actorId: user.userId }));
  route(app, boardApi.deleteAnswer, ({ params, user }) => s.answers.remove({ id: params.id, actorId: user.userId }));
  route(app, boardApi.sortOrder, ({ body, user }) => s.posts.sortOrder({ ids: body.ids, actorId: user.userId }));
  route(app, boardApi.uploadUrl, ({ body, user, req }) => s.attachments.start({ viewer: viewer(req, user), fileName: body.fileName, fileSize: body.fileSize }));
  route(app, boardApi.uploadDone, ({ params, body, user, req }) => s.attachments.done({ fileId: params.id, sha256: body.sha256, ticket: body.ticket, viewer: viewer(req, user) }));
}
