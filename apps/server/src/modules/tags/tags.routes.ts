import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTagBody, tagAssignBody, tagPriorityBody, tagReply, updateTagBody } from '@academy/contracts/students';
import { idParam } from '@academy/contracts/validation';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createTagsService } from './tags.service.ts';

const tagsDoc = ['tags'];
const idParams = z.object({ id: idParam });

/** Tags (SPEC §7 Tags). Staff (TA) manage them; deleting a tag, which strips it from everyone, needs ADMIN. */
export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createTagsService(ctx);

  r.get('/api/tags', {
    config: { permission: 'TA' },
    schema: { tags: tagsDoc, summary: '태그 목록 (표시 순서대로)', response: { 200: z.array(tagReply) } },
  }, () => svc.list());

  r.post('/api/tags', {
    config: { permission: 'TA' },
    schema: { tags: tagsDoc, summary: '태그 만들기', body: createTagBody, response: { 200: tagReply } },
  }, (req) => svc.create({ ...req.body, actorId: requireUser(req).userId }));

  r.put('/api/tags/update-tag-priority', {
    config: { permission: 'TA' },
    schema: { tags: tagsDoc, summary: '태그 순서 변경 (전체 순서를 한 번에)', body: tagPriorityBody, response: { 200: z.array(tagReply) } },
  }, (req) => svc.updatePriority({ tagIds: req.body.tagIds, actorId: requireUser(req).userId }));

  r.post('/api/tags/add-to-users', {
    config: { permission: 'TA' },
    schema: { tags: tagsDoc, summary: '여러 사용자에게 태그 붙이기', body: tagAssignBody, response: { 200: z.object({ addedCount: z.number() }) } },
  }, (req) => svc.addToUsers({ ...req.body, actorId: requireUser(req).userId }));

  r.post('/api/tags/remove-from-users', {
    config: { permission: 'TA' },
    schema: { tags: tagsDoc, summary: '여러 사용자에게서 태그 떼기', body: tagAssignBody, response: { 200: z.object({ removedCount: z.number() }) } },
  }, (req) => svc.removeFromUsers({ ...req.body, actorId: requireUser(req).userId }));

  r.put('/api/tags/:id', {
    config: { permission: 'TA' },
    schema: { tags: tagsDoc, summary: '태그 수정 (이름, 색상)', params: idParams, body: updateTagBody, response: { 200: tagReply } },
  }, (req) => svc.update({ id: req.params.id, ...req.body, actorId: requireUser(req).userId }));

  r.delete('/api/tags/:id', {
    config: { permission: 'ADMIN' },
    schema: { tags: tagsDoc, summary: '태그 삭제 (모든 사용자에게서 떨어짐)', params: idParams, response: { 200: z.object({ id: z.number() }) } },
  }, (req) => svc.remove({ id: req.params.id, actorId: requireUser(req).userId }));
}
