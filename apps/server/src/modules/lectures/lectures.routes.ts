import { idParam } from '@academy/contracts/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { registerLectureResources } from './lectures.resource.ts';
import { ddayBody, ddayReply, lectureBody, lectureReply, userIdsBody, weeklyLectureReply } from './lectures.schemas.ts';
import {
  createDday,
  createLecture,
  deleteDday,
  enrolStudents,
  getLecture,
  listLectures,
  reorderDdays,
  setLectureDisabled,
  transferStudent,
  unenrolStudents,
  updateDday,
  updateLecture,
} from './lectures.service.ts';

const idParams = z.object({ id: idParam });
const tags = ['lectures'];

export function lectureRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerLectureResources(app);

  r.get('/api/lectures', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '강좌 목록 (학생 수, 오늘/다음 회차, D-day 포함)',
      querystring: z.object({ includeDisabled: z.enum(['true', 'false']).optional().describe('비활성 강좌 포함') }),
      response: {
        200: z.array(
          lectureReply.extend({
            studentCount: z.number(),
            todaySession: weeklyLectureReply.nullable(),
            nextSession: weeklyLectureReply.nullable(),
            ddays: z.array(ddayReply),
          }),
        ),
      },
    },
  }, (req) => listLectures(ctx, { includeDisabled: req.query.includeDisabled === 'true' }));

  r.get('/api/lectures/:id', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '강좌 상세 (수강생, 회차, D-day)',
      params: idParams,
      response: {
        200: lectureReply.extend({
          weeklyLectures: z.array(weeklyLectureReply),
          students: z.array(z.object({ userId: z.number(), name: z.string(), loginId: z.string(), phone: z.string().nullable(), enrolledAt: z.string() })),
          ddays: z.array(ddayReply),
        }),
      },
    },
  }, (req) => getLecture(ctx, req.params.id));

  r.post('/api/lectures', {
    config: { permission: 'ADMIN' },
    schema: { tags, summary: '강좌 만들기 (시간표대로 회차 생성)', body: lectureBody, response: { 200: lectureReply } },
  }, (req) => createLecture(ctx, { input: req.body, actorId: requireUser(req).userId }));

  r.put('/api/lectures/:id', {
    config: { permission: 'ADMIN' },
    schema: { tags, summary: '강좌 수정 (시간표·기간이 바뀌면 앞으로의 회차를 맞춤)', params: idParams, body: lectureBody, response: { 200: lectureReply } },
  }, (req) => updateLecture(ctx, { id: req.params.id, input: req.body, actorId: requireUser(req).userId }));

  r.put('/api/lectures/:id/disable', {
    config: { permission: 'ADMIN' },
    schema: { tags, summary: '강좌 비활성화 (데이터는 유지)', params: idParams, response: { 200: lectureReply } },
  }, (req) => setLectureDisabled(ctx, { id: req.params.id, disabled: true, actorId: requireUser(req).userId }));

  r.put('/api/lectures/:id/enable', {
    config: { permission: 'ADMIN' },
    schema: { tags, summary: '강좌 다시 활성화', params: idParams, response: { 200: lectureReply } },
  }, (req) => setLectureDisabled(ctx, { id: req.params.id, disabled: false, actorId: requireUser(req).userId }));

  const enrolReply = z.object({ enrolled: z.number(), participations: z.number() });
  r.post('/api/lectures/:id/students', {
    config: { permission: 'TA' },
    schema: { tags, summary: '수강생 등록 (오늘 이후 회차의 참여자가 됨)', params: idParams, body: userIdsBody, response: { 200: enrolReply } },
  }, (req) => enrolStudents(ctx, { lectureId: req.params.id, userIds: req.body.userIds, actorId: requireUser(req).userId }));

  r.delete('/api/lectures/:id/students', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '수강 종료 (오늘 이후 기록 없는 회차에서 빠짐, 지난 기록 유지)',
      params: idParams,
      body: userIdsBody,
      response: { 200: z.object({ left: z.number(), participationsRemoved: z.number() }) },
    },
  }, (req) => unenrolStudents(ctx, { lectureId: req.params.id, userIds: req.body.userIds, actorId: requireUser(req).userId }));

  r.post('/api/lectures/:id/class-transfer/:a/:b', {
    config: { permission: 'ADMIN' },
    schema: {
      tags,
      summary: '반 이동: 학생 a를 강좌 id에서 강좌 b로 (다음 회차부터, 지난 기록 유지)',
      params: z.object({ id: idParam, a: idParam.describe('학생 사용자 ID'), b: idParam.describe('옮겨 갈 강좌 ID') }),
      response: {
        200: z.object({
          userId: z.number(),
          fromLectureId: z.number(),
          toLectureId: z.number(),
          fromDate: z.string(),
          participationsRemoved: z.number(),
          participationsAdded: z.number(),
        }),
      },
    },
  }, (req) => transferStudent(ctx, { fromId: req.params.id, userId: req.params.a, toId: req.params.b, actorId: requireUser(req).userId }));

  r.post('/api/lectures/:id/ddays', {
    config: { permission: 'TA' },
    schema: { tags, summary: 'D-day 추가', params: idParams, body: ddayBody, response: { 200: ddayReply } },
  }, (req) => createDday(ctx, { lectureId: req.params.id, ...req.body, actorId: requireUser(req).userId }));

  r.put('/api/lectures/ddays/seq', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: 'D-day 순서 변경 (한 강좌의 전체 순서를 한 번에)',
      body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(200).describe('새 순서대로 나열한 D-day ID 전체') }),
      response: { 200: z.array(ddayReply) },
    },
  }, (req) => reorderDdays(ctx, { ids: req.body.ids, actorId: requireUser(req).userId }));

  r.put('/api/lectures/ddays/:id', {
    config: { permission: 'TA' },
    schema: { tags, summary: 'D-day 수정', params: idParams, body: ddayBody, response: { 200: ddayReply } },
  }, (req) => updateDday(ctx, { id: req.params.id, ...req.body, actorId: requireUser(req).userId }));

  r.delete('/api/lectures/ddays/:id', {
    config: { permission: 'TA' },
    schema: { tags, summary: 'D-day 삭제', params: idParams, response: { 200: z.object({ id: z.number() }) } },
  }, (req) => deleteDday(ctx, { id: req.params.id, actorId: requireUser(req).userId }));
}
