/**
 * The parent's week (/link/week/<token>): one SMS link that shows a parent their child's week on
 * any phone without an app — attendance per session, released scores with the class average,
 * clinic status, the sessions' announcements and the files shared with parents. The token is the
 * kernel's public link (purpose `week`): hashed, expiring, revocable, scoped to one student.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { CLINIC_STATUSES, SCORE_STATUSES } from './exams.ts';
import { linkDaysSchema } from './links.ts';
import { idParam, text } from './validation.ts';

/** How far back a parent may page from the current week. */
export const WEEK_LINK_PAST_WEEKS = 4;
export const WEEK_LINK_DEFAULT_DAYS = 14;

export const weekSession = z.object({
  weeklyLectureId: z.number(),
  lectureName: text(),
  color: text().nullable(),
  title: text(),
  date: text(),
  startTime: text(),
  endTime: text(),
  attendance: z.object({ name: text(), color: text(), countsAsPresent: z.boolean() }).nullable().describe('출결 (아직 없으면 null)'),
  announcements: z.array(z.object({ title: text(), content: text(), createdAt: text() })),
  exams: z.array(
    z.object({
      title: text(),
      status: z.enum(SCORE_STATUSES),
      score: z.number().nullable(),
      retakeScore: z.number().nullable(),
      maxScore: z.number(),
      average: z.number().nullable().describe('반 평균'),
      takers: z.number(),
      rank: z.number().nullable(),
      clinic: z.enum(CLINIC_STATUSES),
    }),
  ).describe('공개된 시험 결과만'),
  files: z.array(z.object({ id: z.number(), fileName: text(), contentType: text(), size: z.number() })).describe('학부모에게 공개된 자료'),
});
export type WeekSession = z.infer<typeof weekSession>;

export const weekView = z.object({
  studentName: text(),
  weekStart: text().describe('월요일 (YYYY-MM-DD)'),
  weekEnd: text().describe('일요일'),
  previousWeek: text().nullable().describe('볼 수 있는 지난주 월요일'),
  nextWeek: text().nullable(),
  sessions: z.array(weekSession),
  clinic: z.object({
    required: z.number().describe('이번 주 시험 중 클리닉 대상'),
    booked: z.number(),
    done: z.number(),
    slots: z.array(z.object({ date: text(), startTime: text(), endTime: text(), title: text(), status: text() })).describe('예약한 클리닉 시간'),
  }),
  expiresAt: text(),
});
export type WeekView = z.infer<typeof weekView>;

export const weekLinkItem = z.object({
  id: z.number(),
  status: z.enum(['active', 'expired', 'revoked']),
  expiresAt: text(),
  smsPhone: text().nullable(),
  openCount: z.number(),
  lastOpenedAt: text().nullable(),
  createdAt: text(),
});
export type WeekLinkItem = z.infer<typeof weekLinkItem>;

const token = text().max(64).describe('문자로 받은 링크의 토큰');
const tag = 'parent-week';

export const parentWeekApi = {
  view: endpoint({
    method: 'GET', path: '/link/week/:token', tag, permission: 'open', summary: '학부모 주간 리포트 (토큰의 학생 한 명, 한 주)',
    description: '모르는 토큰은 404, 기간이 지났거나 취소된 토큰은 410 (links.*).',
    params: z.object({ token }),
    query: z.object({ week: z.iso.date({ error: '주의 월요일 날짜(YYYY-MM-DD)여야 합니다' }).optional().describe('볼 주의 아무 날 (없으면 이번 주)') }),
    reply: weekView,
  }),
  file: endpoint({
    method: 'GET', path: '/link/week/:token/files/:fileId', tag, permission: 'open', summary: '주간 리포트의 공개 자료 받기 (5분짜리 주소)',
    params: z.object({ token, fileId: idParam }),
    reply: z.object({ url: text(), expiresAt: text(), fileName: text() }),
  }),
  create: endpoint({
    method: 'POST', path: '/students/:id/week-links', tag, permission: 'TA', summary: '학생의 주간 리포트 링크 만들기 (학부모에게 문자로 보낼 수 있음)',
    body: z.object({
      expiresInDays: linkDaysSchema.default(WEEK_LINK_DEFAULT_DAYS),
      sendSms: z.boolean().default(false).describe('학부모 번호로 문자 보내기'),
    }),
    reply: z.object({ url: text(), expiresAt: text(), smsQueued: z.boolean(), link: weekLinkItem }),
  }),
  list: endpoint({
    method: 'GET', path: '/students/:id/week-links', tag, permission: 'TA', summary: '학생의 주간 리포트 링크 (최신순)', reply: z.array(weekLinkItem),
  }),
  revoke: endpoint({
    method: 'DELETE', path: '/week-links/:id', tag, permission: 'TA', summary: '주간 리포트 링크 취소 (바로 닫힘)', reply: weekLinkItem,
  }),
};
