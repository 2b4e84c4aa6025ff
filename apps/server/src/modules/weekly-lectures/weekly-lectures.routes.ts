import { idParam, isoDateSchema } from '@academy/contracts/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { userIdsBody, weeklyLectureReply } from '../lectures/lectures.schemas.ts';
import {
  addParticipants,
  candidateExcel,
  createAnnouncement,
  createSpecialSession,
  deleteAnnouncement,
  getWeeklyLecture,
  listWeeklyLectures,
  removeParticipants,
  renameSession,
  updateAnnouncement,
} from './weekly-lectures.service.ts';

const tags = ['weekly-lectures'];
const lectureParams = z.object({ id: idParam });
const wlParams = z.object({ id: idParam, wlId: idParam });
const annParams = wlParams.extend({ announcementId: idParam });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '시각은 HH:MM (예: 19:00) 형식이어야 합니다');
const specialName = z.string().trim().min(1).max(40).describe('특별 회차 이름 (보강, 특강 …)');
const announcementBody = z.object({
  title: z.string().trim().min(1).max(100).describe('공지 제목'),
  content: z.string().max(5000).default('').describe('공지 내용'),
});
export const announcementReply = z.object({
  id: z.number(),
  weeklyLectureId: z.number(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export function weeklyLectureRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/lectures/:id/weekly-lectures';

  r.get(base, {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '강좌의 회차 목록 (참여자 수, 출결 입력 수)',
      params: lectureParams,
      response: { 200: z.array(weeklyLectureReply.extend({ participantCount: z.number(), markedCount: z.number() })) },
    },
  }, (req) => listWeeklyLectures(ctx, req.params.id));

  r.get(`${base}/:wlId`, {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '회차 상세 (참여자 출결, 공지)',
      params: wlParams,
      response: {
        200: weeklyLectureReply.extend({
          participants: z.array(z.object({
            userId: z.number(),
            name: z.string(),
            loginId: z.string(),
            phone: z.string().nullable(),
            attTypeId: z.number().nullable(),
            attLocked: z.boolean(),
            memo: z.string().nullable(),
          })),
          announcements: z.array(announcementReply),
        }),
      },
    },
  }, (req) => getWeeklyLecture(ctx, { lectureId: req.params.id, wlId: req.params.wlId }));

  r.post(`${base}/with-special-name`, {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '특별 회차 추가 (보강, 특강) — 수강생이 참여자로 들어감',
      params: lectureParams,
      body: z.object({ specialName, date: isoDateSchema, startTime: time, endTime: time }),
      response: { 200: weeklyLectureReply },
    },
  }, (req) => createSpecialSession(ctx, { lectureId: req.params.id, ...req.body, actorId: requireUser(req).userId }));

  r.put(`${base}/:wlId/with-special-name`, {
    config: { permission: 'TA' },
    schema: { tags, summary: '회차 이름 바꾸기 (보강, 특강 …)', params: wlParams, body: z.object({ specialName }), response: { 200: weeklyLectureReply } },
  }, (req) => renameSession(ctx, { lectureId: req.params.id, wlId: req.params.wlId, specialName: req.body.specialName, actorId: requireUser(req).userId }));

  const addReply = z.object({ added: z.number(), skipped: z.number().describe('이미 참여자여서 건너뛴 학생 수') });
  r.post(`${base}/:wlId/participants`, {
    config: { permission: 'TA' },
    schema: { tags, summary: '참여자 추가', params: wlParams, body: userIdsBody, response: { 200: addReply } },
  }, (req) => addParticipants(ctx, { lectureId: req.params.id, wlId: req.params.wlId, userIds: req.body.userIds, actorId: requireUser(req).userId }));

  r.post(`${base}/:wlId/participants/with-options`, {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '참여자 추가 (출결 유형 미리 지정, 다른 강좌 수강생 가져오기)',
      params: wlParams,
      body: z
        .object({
          userIds: z.array(z.number().int().positive()).max(2000).default([]).describe('추가할 학생 ID'),
          fromLectureId: idParam.optional().describe('이 강좌의 수강생 전체를 함께 추가'),
          attTypeId: idParam.optional().describe('추가하면서 지정할 출결 유형'),
        })
        .refine((b) => b.userIds.length > 0 || b.fromLectureId !== undefined, { message: 'userIds: 학생 또는 가져올 강좌(fromLectureId)를 지정해 주세요', path: ['userIds'] }),
      response: { 200: addReply },
    },
  }, (req) => addParticipants(ctx, { lectureId: req.params.id, wlId: req.params.wlId, ...req.body, actorId: requireUser(req).userId }));

  r.delete(`${base}/:wlId/participants`, {
    config: { permission: 'TA' },
    schema: { tags, summary: '참여자 일괄 삭제', params: wlParams, body: userIdsBody, response: { 200: z.object({ removed: z.number() }) } },
  }, (req) => removeParticipants(ctx, { lectureId: req.params.id, wlId: req.params.wlId, userIds: req.body.userIds, actorId: requireUser(req).userId }));

  r.post(`${base}/:wlId/announcements`, {
    config: { permission: 'TA' },
    schema: { tags, summary: '회차 공지 작성 (학생 포털에 표시)', params: wlParams, body: announcementBody, response: { 200: announcementReply } },
  }, (req) => createAnnouncement(ctx, { lectureId: req.params.id, wlId: req.params.wlId, ...req.body, actorId: requireUser(req).userId }));

  r.put(`${base}/:wlId/announcements/:announcementId`, {
    config: { permission: 'TA' },
    schema: { tags, summary: '회차 공지 수정', params: annParams, body: announcementBody, response: { 200: announcementReply } },
  }, (req) => updateAnnouncement(ctx, { lectureId: req.params.id, wlId: req.params.wlId, announcementId: req.params.announcementId, ...req.body, actorId: requireUser(req).userId }));

  r.delete(`${base}/:wlId/announcements/:announcementId`, {
    config: { permission: 'TA' },
    schema: { tags, summary: '회차 공지 삭제', params: annParams, response: { 200: z.object({ id: z.number() }) } },
  }, (req) => deleteAnnouncement(ctx, { lectureId: req.params.id, wlId: req.params.wlId, announcementId: req.params.announcementId, actorId: requireUser(req).userId }));

  r.get(`${base}/:wlId/wlp-candidate-excel`, {
    config: { permission: 'TA' },
    schema: { tags, summary: '추가 가능한 학생 목록 엑셀 (.xlsx)', params: wlParams },
  }, async (req, reply) => {
    const { buffer, fileName } = await candidateExcel(ctx, { lectureId: req.params.id, wlId: req.params.wlId });
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="candidates.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(buffer);
  });
}
