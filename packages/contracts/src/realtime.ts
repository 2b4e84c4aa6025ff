/**
 * The realtime channel: one server push stream (server-sent events over a fetch stream, so it
 * carries the bearer token) fed by PostgreSQL LISTEN/NOTIFY, so every instance sees every event.
 * A client names the topics it follows and, after a reconnect, the last event id it saw; it gets
 * what it missed, then new events as they are committed.
 */
import { z } from 'zod';
import { text } from './validation.ts';
import { downloadReply, endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';

export const REALTIME_ERRORS = errorCodes('realtime', { topic_invalid: 400, topic_forbidden: 403, too_many_streams: 429 });

/** Open streams one user may hold on one server instance (tabs, devices). */
export const REALTIME_STREAMS_PER_USER = 10;

/**
 * A topic is `<kind>:<id>`: `lecture:12` (its sessions' scores, locks and exams), and whatever
 * kinds other areas declare on the server (each kind says who may follow it). Ids are numbers or
 * short keys (`clinic-day:2026-11-24`).
 */
export const TOPIC_PATTERN = /^([a-z][a-z0-9-]{0,29}):([A-Za-z0-9_-]{1,40})$/;
export const topicOf = (kind: string, id: number | string) => `${kind}:${id}`;
/** `'lecture:12'` → `{ kind: 'lecture', id: '12' }`; null when it is not a topic. */
export function parseTopic(topic: string): { kind: string; id: string } | null {
  const m = TOPIC_PATTERN.exec(topic);
  return m ? { kind: m[1]!, id: m[2]! } : null;
}

export const realtimeEvent = z.object({
  id: z.number().describe('이벤트 번호 (재접속 시 이어 받기)'),
  topic: text(),
  type: text().describe('score, lock, unlock, exams, refresh …'),
  data: z.unknown(),
});
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

/** How long missed events can be caught up after a reconnect. */
export const REALTIME_CATCH_UP_MS = 10 * 60_000;

const topicList = text()
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
  .describe('쉼표로 구분한 토픽 (lecture:12, clinic-day:2026-11-24)');

const tag = 'realtime';
export const realtimeApi = {
  events: endpoint({
    method: 'GET', path: '/realtime/events', tag, permission: 'STUDENT',
    summary: '실시간 이벤트 스트림 (text/event-stream: 성적 입력, 입력 잠금, 시험 변경 …)',
    description: '각 이벤트는 `id:`, `event:`, `data:` 줄로 옵니다. 끊기면 마지막 id를 `after`로 보내 놓친 이벤트부터 받습니다 (10분 이내). 토픽마다 볼 수 있는 사람이 정해져 있습니다 (lecture: 조교 이상); 볼 수 없는 토픽은 403입니다.',
    query: z.object({ topics: topicList, after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe('마지막으로 받은 이벤트 id') }),
    reply: downloadReply('text/event-stream'),
  }),
  refresh: endpoint({
    method: 'POST', path: '/realtime/refresh/:a/:b', tag, permission: 'TA',
    summary: '열린 화면에 새로 고침 알리기 (a: 토픽 종류, b: ID)',
    params: z.object({
      a: text().regex(/^[a-z][a-z0-9-]{0,29}$/, '토픽 종류가 올바르지 않습니다').describe('토픽 종류 (lecture …)'),
      b: text().regex(/^[A-Za-z0-9_-]{1,40}$/, 'ID가 올바르지 않습니다').describe('ID'),
    }),
    reply: z.object({ ok: z.literal(true), topic: text() }),
  }),
};
