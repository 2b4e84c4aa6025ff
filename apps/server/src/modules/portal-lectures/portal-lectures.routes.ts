import { isoDateSchema } from '@academy/contracts/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { scheduleSlotReply } from '../lectures/lectures.schemas.ts';
import { addDays, kstToday } from '../lectures/lectures.schedule.ts';
import { myAnnouncements, myAttendance, myDdays, myLectures, mySessions } from './portal-lectures.service.ts';

const tags = ['portal'];
const session = z.object({
  id: z.number(),
  lectureId: z.number(),
  lectureName: z.string(),
  color: z.string(),
  room: z.string().nullable(),
  title: z.string(),
  specialName: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  attendance: z.object({ attTypeId: z.number(), name: z.string(), color: z.string(), countsAsPresent: z.boolean() }).nullable(),
});

export function portalLectureRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/sp/lectures', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '내 강좌',
      response: {
        200: z.array(z.object({
          id: z.number(), name: z.string(), subject: z.string(), teacherName: z.string(), room: z.string().nullable(), color: z.string(),
          schedule: z.array(scheduleSlotReply), startDate: z.string(), endDate: z.string(),
        })),
      },
    },
  }, (req) => myLectures(ctx, requireUser(req).userId));

  r.get('/api/sp/weekly-lectures', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '내 회차 (기간, 기본: 오늘부터 2주)',
      querystring: z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() }),
      response: { 200: z.array(session) },
    },
  }, (req) => {
    const from = req.query.from ?? kstToday(ctx.now());
    const to = req.query.to ?? addDays(from, 13);
    if (to < from) throw badRequest('portal.range_invalid', `to: 종료일(${to})이 시작일(${from})보다 빠릅니다`);
    return mySessions(ctx, { userId: requireUser(req).userId, from, to });
  });

  r.get('/api/sp/announcements', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '내 회차 공지',
      response: {
        200: z.array(z.object({
          id: z.number(), title: z.string(), content: z.string(), createdAt: z.string(), weeklyLectureId: z.number(), weeklyLectureTitle: z.string(),
          date: z.string(), lectureId: z.number(), lectureName: z.string(),
        })),
      },
    },
  }, (req) => myAnnouncements(ctx, requireUser(req).userId));

  r.get('/api/sp/attendance', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '내 출결 (강좌별 집계와 지난 회차)',
      response: {
        200: z.object({
          lectures: z.array(z.object({
            lectureId: z.number(), lectureName: z.string(), color: z.string(), total: z.number(), marked: z.number(), present: z.number(),
            counts: z.array(z.object({ name: z.string(), count: z.number() })),
          })),
          sessions: z.array(session),
        }),
      },
    },
  }, (req) => myAttendance(ctx, requireUser(req).userId));

  r.get('/api/sp/ddays', {
    config: { permission: 'STUDENT' },
    schema: {
      tags,
      summary: '내 강좌의 D-day',
      response: {
        200: z.array(z.object({
          id: z.number(), lectureId: z.number(), lectureName: z.string(), title: z.string(), date: z.string(), seq: z.number(), label: z.string(), upcoming: z.boolean(),
        })),
      },
    },
  }, (req) => myDdays(ctx, requireUser(req).userId));
}
