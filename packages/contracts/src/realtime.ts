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

/**
 * The events a topic carries: one zod schema per event type. Every topic also carries `refresh`
 * (`POST /api/realtime/refresh/:kind/:id`: "read the screen again").
 */
export type EventSchemas = Record<string, z.ZodType>;
export const commonEvents = { refresh: z.object({ marker: z.string().max(8000).optional().describe('보낸 쪽이 자기 알림을 알아보는 표시') }) };
type CommonEvents = typeof commonEvents;

/** A kind of topic and its events, declared once in contracts by the area that owns the kind. */
export type TopicSpec<K extends string = string, E extends EventSchemas = EventSchemas> = {
  kind: K;
  events: E & CommonEvents;
  /** The topic of one id: `lectureTopic.of(12)` is `lecture:12`. */
  of: (id: number | string) => Topic<TopicSpec<K, E>>;
};
/** The least a spec has: what the kernel and the stream need to check an event. */
export type AnyTopicSpec = { kind: string; events: EventSchemas };
/** A spec made by `defineTopic`: it carries the common events too. */
export type DeclaredTopicSpec = { kind: string; events: EventSchemas & CommonEvents };
/** One topic (`lecture:12`), carrying its spec so `publish` and `useRealtime` know its events. */
export type Topic<S extends AnyTopicSpec = AnyTopicSpec> = { readonly name: string; readonly spec: S };

/** An event of a topic as it travels: `{ type, data }`, data as its schema reads it. */
export type TopicEvent<S extends AnyTopicSpec> = S extends AnyTopicSpec ? { [T in keyof S['events'] & string]: { type: T; data: z.output<S['events'][T]> } }[keyof S['events'] & string] : never;
/** An event as a publisher hands it over (the schema's input). */
export type TopicEventInput<S extends AnyTopicSpec> = S extends AnyTopicSpec ? { [T in keyof S['events'] & string]: { type: T; data: z.input<S['events'][T]> } }[keyof S['events'] & string] : never;

/** Declares a kind of topic and the events it carries (plus `refresh`). */
export function defineTopic<K extends string, E extends EventSchemas>(kind: K, events: E): TopicSpec<K, E> {
  if (!/^[a-z][a-z0-9-]{0,29}$/.test(kind)) throw new Error(`realtime topic kind '${kind}' is not a kind`);
  const spec: TopicSpec<K, E> = {
    kind,
    events: { ...events, ...commonEvents },
    of: (id) => ({ name: topicOf(kind, id), spec }),
  };
  return spec;
}

/**
 * Checks one event against its topic's schemas: the event's data as the schema reads it, or a
 * message saying why it is not an event of this topic.
 */
export function checkTopicEvent(spec: AnyTopicSpec, type: string, data: unknown): { ok: true; data: unknown } | { ok: false; message: string } {
  const schema = Object.hasOwn(spec.events, type) ? spec.events[type] : undefined;
  if (!schema) return { ok: false, message: `'${spec.kind}' topics carry no '${type}' event` };
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { ok: false, message: `'${spec.kind}' event '${type}' does not match its schema: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'} ${i.message}`).join('; ').slice(0, 300)}` };
  return { ok: true, data: parsed.data };
}

/** Progress and the end of a background job, on the topic its queue names (`progressTopic`). */
export const jobEvent = z.discriminatedUnion('state', [
  z.object({ jobId: z.string(), queue: z.string(), state: z.literal('active'), done: z.number(), total: z.number(), message: z.string().optional() }),
  z.object({ jobId: z.string(), queue: z.string(), state: z.literal('completed') }),
  z.object({ jobId: z.string(), queue: z.string(), state: z.literal('failed'), message: z.string() }),
]);
export const jobEvents = { job: jobEvent };
export type JobEvent = z.infer<typeof jobEvent>;

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
