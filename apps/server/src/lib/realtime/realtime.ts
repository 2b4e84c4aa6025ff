import { type AnyTopicSpec, checkTopicEvent, type commonEvents, type DeclaredTopicSpec, parseTopic, REALTIME_CATCH_UP_MS, REALTIME_ERRORS, type RealtimeEvent, type Topic, type TopicEventInput } from '@academy/contracts/realtime';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import type { AccessClaims } from '../tokens.ts';
import { appError } from '../errors.ts';
import { realtimeEvents } from './realtime.table.ts';

const CHANNEL = 'academy_realtime';
/** NOTIFY payloads must stay under 8000 bytes; bigger events travel by id and are read back. */
const MAX_INLINE_PAYLOAD = 7000;

/**
 * A kind of topic an area publishes on (`lectureTopic`, `clinicBoardTopic` … from contracts, with
 * its events) and who may follow one of its topics. Declared by the owning module in its hooks
 * (`topics`); the stream refuses unknown kinds and topics the caller may not see.
 */
export type TopicDefinition = {
  topic: DeclaredTopicSpec;
  authorize: (input: { user: AccessClaims; id: string }) => boolean | Promise<boolean>;
};

/** A topic of a kind only known by name at run time: it takes the events every topic carries (`refresh`). */
export type AnyKindTopic = Topic<{ kind: string; events: typeof commonEvents }>;

export type Realtime = {
  /**
   * Publishes an event on a topic: `publish(lectureTopic.of(12), { type: 'score', data: cell })`,
   * typed by the topic's events in contracts. Call it inside the transaction of the change it
   * describes: the event is stored with it and announced (NOTIFY) when it commits, to every
   * instance. Outside production each event is checked against its schema and refused (throws)
   * when it does not match, or when its topic's kind is not declared.
   */
  publish: <S extends AnyTopicSpec>(topic: Topic<S>, event: TopicEventInput<S>) => Promise<void>;
  /** The topic of a declared kind from its name (`lecture:12`), for the generic `refresh`; null when unknown. */
  topic: (name: string) => AnyKindTopic | null;
  /** Registers a topic kind (the app does this from the modules' `topics` hooks). */
  defineTopic: (def: TopicDefinition) => void;
  /** Throws 400 for a topic of an unknown kind and 403 for one the user may not follow. */
  authorize: (user: AccessClaims, topics: readonly string[]) => Promise<void>;
  /** Follows topics in this process; returns the function that stops following. */
  subscribe: (topics: readonly string[], onEvent: (e: RealtimeEvent) => void) => () => void;
  /** Events of these topics after `after`, for a client that reconnects (the last ten minutes). */
  since: (opts: { topics: readonly string[]; after: number; now: Date }) => Promise<RealtimeEvent[]>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Deletes events too old to be caught up. */
  prune: (now: Date) => Promise<number>;
};

/**
 * The realtime channel of the kernel: events stored in `realtime_events`, fanned out across
 * instances by PostgreSQL LISTEN/NOTIFY (PGlite has it in-process), and delivered to the topics'
 * subscribers in this process (the SSE connections, see src/plugins/realtime.ts).
 */
export function createRealtime(opts: { db: Db; listen: Database['listen']; onError?: (err: unknown) => void; checkEvents?: boolean }): Realtime {
  const { db } = opts;
  const subscribers = new Map<string, Set<(e: RealtimeEvent) => void>>();
  const kinds = new Map<string, TopicDefinition>();
  let unlisten: (() => Promise<void>) | null = null;

  const dispatch = (e: RealtimeEvent) => {
    for (const fn of subscribers.get(e.topic) ?? []) {
      try {
        fn(e);
      } catch (err) {
        opts.onError?.(err);
      }
    }
  };

  const onPayload = async (payload: string) => {
    try {
      const e = JSON.parse(payload) as RealtimeEvent & { ref?: true };
      if (!subscribers.has(e.topic)) return;
      if (!e.ref) return dispatch(e);
      const [row] = await db.select().from(realtimeEvents).where(eq(realtimeEvents.id, e.id));
      if (row) dispatch({ id: row.id, topic: row.topic, type: row.type, data: row.data });
    } catch (err) {
      opts.onError?.(err);
    }
  };

  return {
    async publish(topic, e) {
      const event = { topic: topic.name, type: e.type, data: e.data as unknown };
      if (opts.checkEvents) {
        if (kinds.get(topic.spec.kind)?.topic.events !== topic.spec.events) throw new Error(`realtime: topic kind '${topic.spec.kind}' is not declared by a module`);
        const checked = checkTopicEvent(topic.spec, event.type, event.data);
        if (!checked.ok) throw new Error(`realtime: ${checked.message}`);
      }
      const [row] = await db.insert(realtimeEvents).values({ topic: event.topic, type: event.type, data: event.data as object }).returning({ id: realtimeEvents.id });
      const full = JSON.stringify({ id: row!.id, topic: event.topic, type: event.type, data: event.data });
      const payload = Buffer.byteLength(full) <= MAX_INLINE_PAYLOAD ? full : JSON.stringify({ id: row!.id, topic: event.topic, type: event.type, ref: true });
      await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },

    topic(name) {
      const parsed = parseTopic(name);
      const def = parsed && kinds.get(parsed.kind);
      return def ? { name, spec: def.topic } : null;
    },

    defineTopic(def) {
      const kind = def.topic.kind;
      if (kinds.has(kind)) throw new Error(`realtime topic kind '${kind}' is declared twice`);
      kinds.set(kind, def);
    },

    async authorize(user, topics) {
      for (const topic of topics) {
        const parsed = parseTopic(topic);
        const def = parsed && kinds.get(parsed.kind);
        if (!parsed || !def) throw appError(REALTIME_ERRORS.topic_invalid, `알 수 없는 토픽입니다: ${topic.slice(0, 40)}`, { field: 'topics' });
        if (!(await def.authorize({ user, id: parsed.id }))) throw appError(REALTIME_ERRORS.topic_forbidden, `이 토픽을 볼 권한이 없습니다: ${topic.slice(0, 40)}`, { field: 'topics' });
      }
    },

    subscribe(topics, onEvent) {
      for (const t of topics) {
        let set = subscribers.get(t);
        if (!set) subscribers.set(t, (set = new Set()));
        set.add(onEvent);
      }
      return () => {
        for (const t of topics) {
          const set = subscribers.get(t);
          set?.delete(onEvent);
          if (set?.size === 0) subscribers.delete(t);
        }
      };
    },

    async since({ topics, after, now }) {
      const rows = await db
        .select()
        .from(realtimeEvents)
        .where(and(inArray(realtimeEvents.topic, [...topics]), gt(realtimeEvents.id, after), gt(realtimeEvents.createdAt, new Date(now.getTime() - REALTIME_CATCH_UP_MS))))
        .orderBy(asc(realtimeEvents.id))
        .limit(1000);
      return rows.map((r) => ({ id: r.id, topic: r.topic, type: r.type, data: r.data }));
    },

    async start() {
      unlisten ??= await opts.listen(CHANNEL, (p) => void onPayload(p));
    },

    async stop() {
      const stop = unlisten;
      unlisten = null;
      subscribers.clear();
      await stop?.();
    },

    async prune(now) {
      const gone = await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, new Date(now.getTime() - 6 * REALTIME_CATCH_UP_MS))).returning({ id: realtimeEvents.id });
      return gone.length;
    },
  };
}
