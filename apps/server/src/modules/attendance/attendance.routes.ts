import { idParam } from '@academy/contracts/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { lectureReply, weeklyLectureReply } from '../lectures/lectures.schemas.ts';
import {
  createAttendanceType,
  deleteAttendanceType,
  getAttendanceGrid,
  listAttendanceTypes,
  setAttendance,
  setAttendanceLock,
  updateAttendanceType,
} from './attendance.service.ts';

const tags = ['attendance'];
const wlParams = z.object({ id: idParam, wlId: idParam });
export const attendanceTypeReply = z.object({ id: z.number(), name: z.string(), color: z.string(), countsAsPresent: z.boolean(), seq: z.number() });
const typeBody = z.object({
  name: z.string().trim().min(1).max(20).describe('출결 유형 이름'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, '색상은 #RRGGBB 형식이어야 합니다').describe('표시 색상'),
  countsAsPresent: z.boolean().describe('출석으로 인정하는지'),
  seq: z.number().int().min(0).max(1000).optional().describe('표시 순서'),
});
const userIds = z.array(z.number().int().positive()).min(1).max(2000).describe('학생 사용자 ID 목록');
const setReply = z.object({ updated: z.number(), attTypeId: z.number().nullable() });

export function attendanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/attendance-types', {
    config: { permission: 'STUDENT' },
    schema: { tags, summary: '출결 유형 목록', response: { 200: z.array(attendanceTypeReply) } },
  }, () => listAttendanceTypes(ctx.db));

  r.post('/api/attendance-types', {
    config: { permission: 'ADMIN' },
    schema: { tags, summary: '출결 유형 추가', body: typeBody, response: { 200: attendanceTypeReply } },
  }, (req) => createAttendanceType(ctx, { input: req.body, actorId: requireUser(req).userId }));

  r.put('/api/attendance-types/:id', {
    config: { permission: 'ADMIN' },
    schema: { tags, summary: '출결 유형 수정', params: z.object({ id: idParam }), body: typeBody, response: { 200: attendanceTypeReply } },
  }, (req) => updateAttendanceType(ctx, { id: req.params.id, input: req.body, actorId: requireUser(req).userId }));

  r.delete('/api/attendance-types/:id', {
    config: { permission: 'ADMIN' },
    schema: { tags, summary: '출결 유형 삭제 (사용 중이면 거부)', params: z.object({ id: idParam }), response: { 200: z.object({ id: z.number() }) } },
  }, (req) => deleteAttendanceType(ctx, { id: req.params.id, actorId: requireUser(req).userId }));

  const base = '/api/lectures/:id/weekly-lectures/:wlId/attendance';
  r.put(base, {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '한 참여자의 출결 입력 (null이면 지움)',
      params: wlParams,
      body: z.object({ userId: idParam.describe('학생 사용자 ID'), attTypeId: idParam.nullable().describe('출결 유형 ID (null: 미입력)') }),
      response: { 200: setReply },
    },
  }, (req) => setAttendance(ctx, { lectureId: req.params.id, wlId: req.params.wlId, userIds: [req.body.userId], attTypeId: req.body.attTypeId, actorId: requireUser(req).userId }));

  r.put(`${base}/bulk`, {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '출결 일괄 입력 (한 트랜잭션: 모두 바뀌거나 하나도 안 바뀜)',
      params: wlParams,
      body: z.object({ userIds, attTypeId: idParam.nullable().describe('출결 유형 ID (null: 미입력)') }),
      response: { 200: setReply },
    },
  }, (req) => setAttendance(ctx, { lectureId: req.params.id, wlId: req.params.wlId, userIds: req.body.userIds, attTypeId: req.body.attTypeId, actorId: requireUser(req).userId }));

  r.put(`${base}/lock`, {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '출결 잠금/해제 (참여자별)',
      params: wlParams,
      body: z.object({ userIds, locked: z.boolean().describe('true: 잠금, false: 해제') }),
      response: { 200: z.object({ updated: z.number(), locked: z.boolean() }) },
    },
  }, (req) => setAttendanceLock(ctx, { lectureId: req.params.id, wlId: req.params.wlId, userIds: req.body.userIds, locked: req.body.locked, actorId: requireUser(req).userId }));

  r.get('/api/lectures/:id/attendance-grid', {
    config: { permission: 'TA' },
    schema: {
      tags,
      summary: '강좌 출결표 전체 (학생 × 회차) 한 번에',
      params: z.object({ id: idParam }),
      response: {
        200: z.object({
          lecture: lectureReply,
          attendanceTypes: z.array(attendanceTypeReply),
          weeklyLectures: z.array(weeklyLectureReply),
          students: z.array(z.object({
            userId: z.number(),
            name: z.string(),
            loginId: z.string(),
            phone: z.string().nullable(),
            enrolled: z.boolean().describe('현재 수강 중 (false: 반 이동·수강 종료, 지난 기록만 있음)'),
            cells: z.array(z.number().nullable()).describe('weeklyLectures 순서대로: null 참여자 아님, 0 미입력, 그 외 출결 유형 ID'),
            lockedWeeklyLectureIds: z.array(z.number()).describe('출결이 잠긴 회차 ID'),
          })),
        }),
      },
    },
  }, (req) => getAttendanceGrid(ctx, req.params.id));
}
