import { FILE_KINDS, FILE_SIZE_LIMIT, MAX_PARTS, STUDENT_FILE_KINDS } from '@academy/contracts/files';
import { filePermissionReply as permissionReply, fileReply } from '@academy/contracts/files-replies';
import { idParam } from '@academy/contracts/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import type { LocalStorage } from '../../lib/storage/local.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { requireUser } from '../../plugins/auth.ts';
import { registerBlobRoutes } from './files.blob.ts';
import { parentLinkRoutes } from './files.parent-links.routes.ts';
import { createFilesService } from './files.service.ts';

const tags = ['files'];
const maxSize = Math.max(...Object.values(FILE_SIZE_LIMIT));

const urlReply = z.object({
  url: z.string().describe('서명된 주소 (GET). 짧은 시간만 유효'),
  expiresAt: z.string(),
  fileName: z.string(),
  watermarked: z.boolean().describe('학생 다운로드에 워터마크가 들어간 사본이면 true'),
});
const uploadBody = z.object({
  fileName: z.string().trim().min(1).max(255).describe('원래 파일 이름 (서버가 정리함)'),
  contentType: z.string().trim().min(1).max(200).describe('브라우저가 알려 준 형식 (참고용; 실제 형식은 내용으로 판별)'),
  fileSize: z.number().int().min(1, '빈 파일은 올릴 수 없습니다').max(maxSize).describe('바이트 수'),
  kind: z.enum(FILE_KINDS).describe('material(강의 자료, 직원) / homework(과제) / self_study(자습 파일)'),
  weeklyLectureId: z.number().int().positive().nullish().describe('회차 id (강의 자료는 필수)'),
});
const sha256 = z.string().regex(/^[a-fA-F0-9]{64}$/, 'SHA-256 16진수 64자여야 합니다');
const uploadId = z.string().trim().min(1).max(1024).describe('multipart initiate가 돌려준 업로드 id');
const partsBody = z
  .array(z.object({ partNumber: z.number().int().min(1).max(MAX_PARTS), etag: z.string().trim().min(1).max(200).describe('조각 PUT 응답의 ETag 헤더') }))
  .min(1)
  .max(MAX_PARTS);
const fileParams = z.object({ id: idParam });
const wlParams = z.object({ id: idParam, wlId: idParam });
const viewer = z.object({ userId: z.number(), name: z.string(), loginId: z.string(), phone: z.string().nullable() });

/**
 * Files (SPEC §7 Files, weekly-lecture file-permission, /sp uploads and views). Bytes never pass
 * through these JSON routes: clients PUT to the signed URL they are given and then confirm.
 * The local driver's signed URLs are answered under /api/files/blob/... (files.blob.ts).
 */
export function filesRoutes(app: FastifyInstance, ctx: AppContext, opts: { storage?: Storage } = {}): void {
  const storage = opts.storage ?? createStorage({ config: ctx.config, now: () => ctx.now() });
  const svc = createFilesService(ctx, storage);
  if (storage.kind === 'local') registerBlobRoutes(app, storage as LocalStorage);

  // Abandoned uploads are swept every 10 minutes; the timer never keeps the process alive.
  const timer = setInterval(() => {
    svc.cleanupExpiredUploads().catch((err) => app.log.error({ err }, 'file upload cleanup failed'));
  }, 10 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await storage.close();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/files/upload-url', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '업로드 주소 받기 (한 번에 PUT). 직원은 강의 자료, 학생은 과제·자습 파일',
      body: uploadBody,
      response: { 200: z.object({ file: fileReply, url: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), expiresAt: z.string() }) },
    },
  }, (req) => svc.createUploadUrl(requireUser(req), req.body));

  r.put('/api/files/:id/upload-done', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '업로드 완료 확인 (크기, SHA-256, 실제 형식 검사 후 사용 가능)',
      params: fileParams,
      body: z.object({ sha256: sha256.describe('파일 전체의 SHA-256 (16진수)') }),
      response: { 200: fileReply },
    },
  }, (req) => svc.confirmUpload(requireUser(req), { fileId: req.params.id, sha256: req.body.sha256 }));

  r.post('/api/files/multipart/initiate', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '나눠 올리기 시작 (10MB 초과 파일): 조각별 업로드 주소',
      body: uploadBody,
      response: {
        200: z.object({
          file: fileReply,
          uploadId: z.string(),
          partSize: z.number(),
          parts: z.array(z.object({ partNumber: z.number(), size: z.number(), url: z.string() })),
          expiresAt: z.string(),
        }),
      },
    },
  }, (req) => svc.initiateMultipart(requireUser(req), req.body));

  r.post('/api/files/multipart/part-url', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '조각 하나의 새 업로드 주소 (재시도용)',
      body: z.object({ uploadId, partNumber: z.number().int().min(1).max(MAX_PARTS) }),
      response: { 200: z.object({ partNumber: z.number(), size: z.number(), url: z.string() }) },
    },
  }, (req) => svc.partUrl(requireUser(req), req.body));

  r.post('/api/files/multipart/complete', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '나눠 올리기 완료 (모든 조각과 ETag, 선택적으로 SHA-256)',
      body: z.object({ uploadId, parts: partsBody, sha256: sha256.nullish() }),
      response: { 200: fileReply },
    },
  }, (req) => svc.completeMultipart(requireUser(req), { uploadId: req.body.uploadId, parts: req.body.parts, sha256: req.body.sha256 ?? null }));

  r.post('/api/files/multipart/abort', {
    config: { permission: 'STUDENT' },
    schema: { tags, summary: '나눠 올리기 취소 (올라간 조각 삭제)', body: z.object({ uploadId }), response: { 200: z.object({ aborted: z.boolean() }) } },
  }, (req) => svc.abortMultipart(requireUser(req), req.body));

  r.get('/api/files/:id', {
    config: { permission: 'STUDENT' },
    schema: { tags, summary: '파일 정보', params: fileParams, response: { 200: fileReply } },
  }, (req) => svc.get(requireUser(req), req.params.id));

  r.get('/api/files/:id/download-url', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '다운로드 주소 (학생이 받는 강의 자료 PDF·이미지는 워터마크 사본)',
      params: fileParams,
      querystring: z.object({ inline: z.enum(['true', 'false', '1', '0']).optional().describe('브라우저에서 바로 열기') }),
      response: { 200: urlReply },
    },
  }, (req) => svc.downloadUrl(requireUser(req), { fileId: req.params.id, inline: req.query.inline === 'true' || req.query.inline === '1' }));

  r.post('/api/files/get-url', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '여러 파일의 다운로드 주소',
      body: z.object({ fileIds: z.array(idParam).min(1).max(50), inline: z.boolean().default(false) }),
      response: { 200: z.array(urlReply.extend({ fileId: z.number() })) },
    },
  }, (req) => svc.getUrls(requireUser(req), req.body));

  r.post('/api/files/:id/watermark', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '워터마크 사본 (PDF·PNG·JPEG). 직원은 학생을 지정할 수 있음',
      params: fileParams,
      body: z.object({ studentId: z.number().int().positive().nullish().describe('직원만: 이 학생의 이름으로') }).default({}),
      response: { 200: urlReply },
    },
  }, (req) => svc.watermark(requireUser(req), { fileId: req.params.id, studentId: req.body.studentId ?? null }));

  r.put('/api/files/:id/memo', {
    config: { permission: 'STUDENT' },
    schema: { tags, summary: '파일 메모', params: fileParams, body: z.object({ memo: z.string().max(2000).describe('메모') }), response: { 200: fileReply } },
  }, (req) => svc.updateMemo(requireUser(req), { fileId: req.params.id, memo: req.body.memo }));

  r.put('/api/files/:id/parent-access', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학부모 공개 여부', params: fileParams, body: z.object({ hasParentAccess: z.boolean() }), response: { 200: fileReply } },
  }, (req) => svc.setParentAccess(requireUser(req), { fileId: req.params.id, hasParentAccess: req.body.hasParentAccess }));

  r.delete('/api/files/:id', {
    config: { permission: 'STUDENT' },
    schema: { tags, summary: '파일 삭제 (직원: 모든 파일, 학생: 자기 파일)', params: fileParams, response: { 200: z.object({ deleted: z.boolean() }) } },
  }, (req) => svc.delete(requireUser(req), req.params.id));

  r.get('/api/files/:id/views', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '자료를 연 학생 / 아직 안 연 학생',
      params: fileParams,
      response: { 200: z.object({ opened: z.array(viewer.extend({ firstOpenedAt: z.string(), lastOpenedAt: z.string(), openCount: z.number() })), notOpened: z.array(viewer) }) },
    },
  }, (req) => svc.views(req.params.id));

  r.get('/api/files', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '파일 목록 (올린 사람, 종류, 회차로 거르기)',
      querystring: z.object({ ownerId: idParam.optional(), kind: z.enum(FILE_KINDS).optional(), weeklyLectureId: idParam.optional() }),
      response: { 200: z.array(fileReply.extend({ viewCount: z.number() })) },
    },
  }, (req) => svc.list(req.query));

  r.get('/api/lectures/:id/weekly-lectures/:wlId/files', {
    config: { permission: 'TA' },
    schema: { tags, summary: '회차의 강의 자료 (열람 수 포함)', params: wlParams, response: { 200: z.array(fileReply.extend({ viewCount: z.number() })) } },
  }, async (req) => {
    await svc.weeklyLectureOf(req.params.id, req.params.wlId);
    return svc.list({ weeklyLectureId: req.params.wlId, kind: 'material' });
  });

  r.get('/api/lectures/:id/weekly-lectures/:wlId/file-permission', {
    config: { permission: 'TA' },
    schema: { tags, summary: '회차 자료 열람 권한', params: wlParams, response: { 200: permissionReply } },
  }, async (req) => {
    await svc.weeklyLectureOf(req.params.id, req.params.wlId);
    return svc.getPermission(req.params.wlId);
  });

  r.put('/api/lectures/:id/weekly-lectures/:wlId/file-permission', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '회차 자료 열람 권한 저장 (누가, 언제부터)',
      params: wlParams,
      body: z.object({
        scope: z.enum(['participants', 'lecture', 'selected', 'none']).describe('participants: 회차 참여 학생, lecture: 강좌 수강생 전체, selected: 지정 학생, none: 비공개'),
        availableFrom: z.iso.datetime({ offset: true }).nullish().describe('이 시각부터 열람 가능 (없으면 바로)'),
        studentIds: z.array(idParam).max(1000).default([]).describe('scope가 selected일 때 학생 id'),
      }),
      response: { 200: permissionReply },
    },
  }, async (req) => {
    await svc.weeklyLectureOf(req.params.id, req.params.wlId);
    return svc.setPermission(requireUser(req), { weeklyLectureId: req.params.wlId, scope: req.body.scope, availableFrom: req.body.availableFrom ?? null, studentIds: req.body.studentIds });
  });

  // ---------- student portal (/sp) ----------

  r.post('/api/sp/upload-files', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '학생 파일 올리기 시작 (과제·자습 파일, 내 공간). 10MB 초과는 multipart/initiate',
      body: uploadBody.extend({ kind: z.enum(STUDENT_FILE_KINDS as ['homework', 'self_study']).default('homework') }),
      response: { 200: z.object({ file: fileReply, url: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), expiresAt: z.string() }) },
    },
  }, (req) => svc.createUploadUrl(requireUser(req), req.body));

  r.get('/api/sp/upload-files', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '내가 올린 파일',
      querystring: z.object({ kind: z.enum(STUDENT_FILE_KINDS as ['homework', 'self_study']).optional() }),
      response: { 200: z.array(fileReply) },
    },
  }, (req) => svc.ownUploads(requireUser(req), req.query));

  r.get('/api/sp/lecture-materials', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '내가 볼 수 있는 강의 자료 (강좌·회차별)',
      querystring: z.object({ lectureId: idParam.optional() }),
      response: {
        200: z.array(z.object({ weeklyLectureId: z.number(), lectureId: z.number(), title: z.string(), date: z.string(), files: z.array(fileReply.extend({ opened: z.boolean() })) })),
      },
    },
  }, (req) => svc.studentMaterials(requireUser(req), req.query));

  r.post('/api/sp/lecture-materials/:id/check', {
    config: { permission: 'STUDENT' },
    schema: { tags, summary: '강의 자료 열람 기록', params: fileParams, response: { 200: z.object({ checked: z.boolean() }) } },
  }, (req) => svc.checkMaterial(requireUser(req), req.params.id));

  r.get('/api/sp/self-study-file/:id/view', {
    config: { permission: 'STUDENT' },
    schema: { tags, summary: '내 자습 파일 보기', params: fileParams, response: { 200: urlReply } },
  }, (req) => svc.selfStudyFileView(requireUser(req), req.params.id));

  r.get('/api/sp/file/:id/view', {
    config: { permission: 'STUDENT' },
    schema: { tags, summary: '파일 보기 (강의 자료는 워터마크 사본, 열람 기록)', params: fileParams, response: { 200: urlReply } },
  }, (req) => svc.downloadUrl(requireUser(req), { fileId: req.params.id, inline: true }));

  parentLinkRoutes(app, ctx, svc);
}
