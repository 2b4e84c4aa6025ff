import { parentLinkReply as linkReply } from '@academy/contracts/files-replies';
import { idParam } from '@academy/contracts/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createParentLinksService, PARENT_LINK_DEFAULT_DAYS, PARENT_LINK_MAX_DAYS } from './files.parent-links.service.ts';
import type { FilesService } from './files.service.ts';

const tags = ['files'];

/**
 * Parent links (PRODUCT.md: 학부모 have no account; a texted /link/file/<token> opens one shared
 * file and nothing else). Staff make and revoke links; the open route needs no session.
 */
export function parentLinkRoutes(app: FastifyInstance, ctx: AppContext, filesSvc: FilesService): void {
  const svc = createParentLinksService(ctx, filesSvc);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/files/:id/parent-links', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '학부모 링크 만들기 (학생마다 하나, 선택하면 학부모에게 문자 발송)',
      params: z.object({ id: idParam }),
      body: z.object({
        studentIds: z.array(idParam).max(200).default([]).describe('이 학생들의 학부모에게 (비우면 학생 없이 링크 하나)'),
        expiresInDays: z.number().int().min(1).max(PARENT_LINK_MAX_DAYS).default(PARENT_LINK_DEFAULT_DAYS).describe(`유효 기간(일), 기본 ${PARENT_LINK_DEFAULT_DAYS}일, 최대 ${PARENT_LINK_MAX_DAYS}일`),
        sendSms: z.boolean().default(false).describe('학부모 연락처로 링크 문자 보내기'),
      }),
      response: { 200: z.object({ links: z.array(linkReply.extend({ url: z.string().describe('학부모가 여는 주소. 지금 한 번만 알려 줌') })) }) },
    },
  }, async (req) => ({
    links: await svc.create(requireUser(req), { fileId: req.params.id, studentIds: req.body.studentIds, expiresInDays: req.body.expiresInDays, sendSms: req.body.sendSms, origin: publicOrigin(req, ctx) }),
  }));

  r.get('/api/files/:id/parent-links', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '파일의 학부모 링크 (열람 횟수 포함)와 링크를 보낼 수 있는 학생',
      params: z.object({ id: idParam }),
      response: {
        200: z.object({
          hasParentAccess: z.boolean(),
          links: z.array(linkReply),
          students: z.array(z.object({ id: z.number(), name: z.string(), loginId: z.string(), parentPhone: z.string().nullable() })),
        }),
      },
    },
  }, (req) => svc.list(req.params.id));

  r.delete('/api/files/parent-links/:id', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학부모 링크 취소 (바로 열 수 없게 됨)', params: z.object({ id: idParam }), response: { 200: linkReply } },
  }, (req) => svc.revoke(requireUser(req), req.params.id));

  r.get('/api/link/files/:token', {
    config: { permission: 'open' },
    schema: {
      tags: ['link'],
      summary: '학부모 링크로 파일 열기 (로그인 없음). 만료·취소·비공개면 404',
      params: z.object({ token: z.string().max(200) }),
      response: {
        200: z.object({
          fileName: z.string(),
          contentType: z.string(),
          fileSize: z.number(),
          studentName: z.string().nullable(),
          expiresAt: z.string().describe('링크 만료 시각'),
          download: z.object({ url: z.string().describe('서명된 다운로드 주소 (몇 분만 유효)'), expiresAt: z.string() }),
        }),
      },
    },
  }, async (req, reply) => {
    // A token is a password: keep the answer out of shared caches.
    reply.header('cache-control', 'no-store');
    return svc.open(req.params.token);
  });
}
