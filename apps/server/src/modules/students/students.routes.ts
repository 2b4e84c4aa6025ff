import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STUDENT_IMPORT_MAX_BYTES,
  batchChangePasswordBody,
  batchUpdateStudentsBody,
  createStudentBody,
  idsBody,
  importReply,
  listStudentsQuery,
  representativeLecturesBody,
  studentPageReply,
  studentReply,
  toggleStatusBody,
  updateStudentBody,
} from '@academy/contracts/students';
import { idParam } from '@academy/contracts/validation';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { buildExport, buildTemplate, XLSX_MIME } from './students.excel.ts';
import { importStudents } from './students.import.ts';
import { registerStudentResources } from './students.resource.ts';
import { createStudentsService } from './students.service.ts';

const idParams = z.object({ id: idParam });
const tags = ['students'];
const MAX_MB = Math.round(STUDENT_IMPORT_MAX_BYTES / 1024 / 1024);

/** RFC 5987 so Korean file names survive every browser. */
const attachment = (name: string) => `attachment; filename="students.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Students (SPEC §7 Students). Staff calls need TA; the ones that destroy or reset many accounts
 * at once (delete, restore, batch password reset) need ADMIN. Students read nothing here.
 */
export function studentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const students = createStudentsService(ctx);
  registerStudentResources(app);

  r.get('/api/students', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 목록 (페이지, 정렬, 필터, 초성 검색)', querystring: listStudentsQuery, response: { 200: studentPageReply } },
  }, (req) => students.list(req.query));

  r.get('/api/students/excel-template', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 일괄 등록 엑셀 양식 (.xlsx)' },
  }, async (_req, reply) => {
    const buf = await buildTemplate();
    return reply.type(XLSX_MIME).header('content-disposition', attachment('학생_일괄등록_양식.xlsx')).send(buf);
  });

  r.get('/api/students/excel-export', {
    config: { permission: 'TA' },
    schema: { tags, summary: '현재 필터의 학생 목록 엑셀 (.xlsx)', querystring: listStudentsQuery },
  }, async (req, reply) => {
    const buf = await buildExport(await students.listAll(req.query));
    const day = ctx.now().toISOString().slice(0, 10);
    return reply.type(XLSX_MIME).header('content-disposition', attachment(`학생목록_${day}.xlsx`)).send(buf);
  });

  r.post('/api/students/excel', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '학생 엑셀 일괄 등록 (multipart: file, dryRun)',
      description: `multipart/form-data의 file(.xlsx, 최대 ${MAX_MB}MB)과 dryRun(true|false, 쿼리로도 가능). 모든 행을 먼저 검사하고, 오류가 하나라도 있으면 아무것도 등록하지 않습니다.`,
      querystring: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
      response: { 200: importReply },
    },
  }, async (req) => {
    const { buffer, fields } = await readUpload(req);
    const dryRunText = fields.dryRun ?? req.query.dryRun ?? 'true';
    if (dryRunText !== 'true' && dryRunText !== 'false') throw badRequest('validation.invalid', 'dryRun: true 또는 false여야 합니다');
    return importStudents(ctx, { buffer, dryRun: dryRunText === 'true', actorId: requireUser(req).userId });
  });

  r.post('/api/students', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 등록', body: createStudentBody, response: { 200: studentReply } },
  }, (req) => students.create({ body: req.body, actorId: requireUser(req).userId }));

  r.post('/api/students/batch-change-password', {
    config: { permission: 'ADMIN' },
    schema: {
      tags,
      summary: '학생 비밀번호 일괄 변경 (비우면 초기 비밀번호로)',
      body: batchChangePasswordBody,
      response: { 200: z.object({ updatedCount: z.number() }) },
    },
  }, (req) => students.batchChangePassword({ ...req.body, actorId: requireUser(req).userId }));

  r.put('/api/students/batch-update', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 일괄 수정 (학교, 학년, 상태)', body: batchUpdateStudentsBody, response: { 200: z.object({ updatedCount: z.number() }) } },
  }, (req) => students.batchUpdate({ ids: req.body.ids, update: req.body.update, actorId: requireUser(req).userId }));

  r.put('/api/students/toggle-status', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '학생 계정 활성/비활성 전환',
      body: toggleStatusBody,
      response: { 200: z.object({ updatedCount: z.number(), students: z.array(z.object({ id: z.number(), isActive: z.boolean() })) }) },
    },
  }, (req) => students.toggleStatus({ ...req.body, actorId: requireUser(req).userId }));

  r.post('/api/students/delete', {
    config: { permission: 'ADMIN' },
    schema: {
      tags,
      summary: '학생 삭제 (숨김 처리, 성적·출결 기록은 보존, 복구 가능)',
      body: idsBody,
      response: { 200: z.object({ deletedCount: z.number() }) },
    },
  }, (req) => students.softDelete({ ids: req.body.ids, actorId: requireUser(req).userId }));

  r.post('/api/students/restore', {
    config: { permission: 'ADMIN' },
    schema: { tags, summary: '삭제한 학생 복구', body: idsBody, response: { 200: z.object({ restoredCount: z.number() }) } },
  }, (req) => students.restore({ ids: req.body.ids, actorId: requireUser(req).userId }));

  r.get('/api/students/:id', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 상세', params: idParams, querystring: z.object({ includeDeleted: z.enum(['true', 'false']).optional() }), response: { 200: studentReply } },
  }, (req) => students.get(req.params.id, { includeDeleted: req.query.includeDeleted === 'true' }));

  r.put('/api/students/:id', {
    config: { permission: 'TA' },
    schema: { tags, summary: '학생 정보 수정', params: idParams, body: updateStudentBody, response: { 200: studentReply } },
  }, (req) => students.update({ id: req.params.id, body: req.body, actorId: requireUser(req).userId }));

  r.put('/api/students/:id/representative-lectures', {
    config: { permission: 'TA' },
    schema: { tags, summary: '대표 강좌 지정', params: idParams, body: representativeLecturesBody, response: { 200: studentReply } },
  }, (req) => students.setRepresentativeLectures({ id: req.params.id, lectureIds: req.body.lectureIds, actorId: requireUser(req).userId }));
}

/** The uploaded file and the text fields beside it, with Korean errors for the usual mistakes. */
async function readUpload(req: FastifyRequest): Promise<{ buffer: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('students.excel_required', 'file: 엑셀 파일을 multipart/form-data의 file 항목으로 보내 주세요');
  const fields: Record<string, string> = {};
  let buffer: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: STUDENT_IMPORT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer();
          continue;
        }
        buffer = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('students.excel_too_large', `file: 파일이 너무 큽니다. 최대 ${MAX_MB}MB까지 올릴 수 있습니다`);
    if (code === 'FST_FILES_LIMIT') throw badRequest('students.excel_one_file', 'file: 파일은 하나만 올려 주세요');
    throw badRequest('students.excel_upload_failed', 'file: 파일을 받지 못했습니다. 다시 시도해 주세요');
  }
  if (!buffer || buffer.length === 0) throw badRequest('students.excel_required', 'file: 엑셀 파일을 선택해 주세요');
  return { buffer, fields };
}
