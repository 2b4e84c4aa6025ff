/**
 * The realtime channel: one server push stream (server-sent events over a fetch stream, so it
 * carries the bearer token) fed by PostgreSQL LISTEN/NOTIFY, so every instance sees every event.
 * A client names the topics it follows and, after a reconnect, the last event id it saw; it gets
 * what it missed, then new events as they are committed.
 */
import { z } from 'zod';
import { downloadReply, endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import type { Permission } from './roles.ts';
import { idParam } from './validation.ts';

export const REALTIME_ERRORS = errorCodes('realtime', { topic_invalid: 400, topic_forbidden: 403 });

/**
 * Topics a client may follow: `lecture:<id>` (its sessions' scores, locks and exams), `clinic:<week>`
 * (the clinic board of the week starting on that Monday, yyyymmdd) and `clinic-seats:<week>` (the
 * seat counts students see while booking). Each kind names who may follow it.
 */
export const TOPIC_KINDS = ['lecture', 'clinic', 'clinic-seats'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
export const TOPIC_PERMISSION: Record<TopicKind, Exclude<Permission, 'open'>> = { lecture: 'TA', clinic: 'TA', 'clinic-seats': 'STUDENT' };
export const topicOf = (kind: TopicKind, id: number) => `${kind}:${id}`;
export const topicKind = (topic: string) => topic.slice(0, topic.indexOf(':')) as TopicKind;
const TOPIC_PATTERN = new RegExp(`^(${TOPIC_KINDS.join('|')}):[1-9]\\d{0,9}$`);

export const realtimeEvent = z.object({
  id: z.number().describe('이벤트 번호 (재접속 시 이어 받기)'),
  topic: z.string(),
  type: z.string().describe('score, lock, unlock, exams, refresh …'),
  data: z.unknown(),
});
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

/** How long missed events can be caught up after a reconnect. */
export const REALTIME_CATCH_UP_MS = 10 * 60_000;

const topicList = z
  .string()
  .trim()
  .min(1, '구독할 토픽을 지정해 주세요')
  .max(400)
  .transform((v, ctx) => {
    const topics = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))];
    for (const t of topics) {
      if (!TOPIC_PATTERN.test(t)) {
        ctx.addIssue({ code: 'custom', message: `알 수 없는 토픽입니다: ${t.slice(0, 40)}`, params: { code: REALTIME_ERRORS.topic_invalid.code } });
        return z.NEVER;
      }
    }
    if (topics.length > 20) {
      ctx.addIssue({ code: 'custom', message: '토픽은 20개까지 구독할 수 있습니다' });
      return z.NEVER;
    }
    return topics;
  })
  .describe('쉼표로 구분한 토픽 (lecture:12, clinic:20261116, clinic-seats:20261116)');

const tag = 'realtime';
export const realtimeApi = {
  events: endpoint({
    method: 'GET', path: '/realtime/events', tag, permission: 'STUDENT',
    summary: '실시간 이벤트 스트림 (text/event-stream: 성적 입력, 입력 잠금, 시험 변경, 클리닉 현황, 남은 자리)',
    description: '각 이벤트는 `id:`, `event:`, `data:` 줄로 옵니다. 끊기면 마지막 id를 `after`로 보내 놓친 이벤트부터 받습니다 (10분 이내). 토픽마다 권한이 있습니다: lecture·clinic은 직원, clinic-seats는 학생도.',
    query: z.object({ topics: topicList, after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe('마지막으로 받은 이벤트 id') }),
    reply: downloadReply('text/event-stream'),
  }),
  refresh: endpoint({
    method: 'POST', path: '/realtime/refresh/:a/:b', tag, permission: 'TA',
    summary: '열린 화면에 새로 고침 알리기 (a: 토픽 종류, b: ID)',
    params: z.object({ a: z.enum(TOPIC_KINDS).describe('토픽 종류 (lecture, clinic, clinic-seats)'), b: idParam.describe('ID (clinic은 그 주 월요일 yyyymmdd)') }),
    reply: z.object({ ok: z.literal(true), topic: z.string() }),
  }),
};
