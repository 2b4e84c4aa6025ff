import { REALTIME_ERRORS, REALTIME_STREAMS_PER_USER, realtimeApi, topicOf, type RealtimeEvent } from '@academy/contracts/realtime';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { appError } from '../lib/errors.ts';
import type { AccessClaims } from '../lib/tokens.ts';

const HEARTBEAT_MS = 15_000;
/**
 * A client that does not read (a frozen tab, a stalled network) makes the socket's buffer grow with
 * every event. Past this many unsent bytes the stream is ended: the client reconnects with its last
 * event id and catches up from the database instead of the server holding its backlog.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;

/** What the stream needs of the sessions (the users module's): is a token's session still alive, and when did one change. */
export type StreamSessions = {
  alive: (claims: AccessClaims) => boolean | Promise<boolean>;
  /** Calls back with an account whose session changed (committed, on any instance), or null for "any". */
  watch: (fn: (userId: number | null) => void) => () => void;
};

type OpenStream = { claims: AccessClaims; end: () => void };

/**
 * The push channel: `GET /api/realtime/events?topics=lecture:12&after=<last id>` answers
 * text/event-stream. It subscribes first, then sends what the client missed, then every new event
 * of its topics as it is committed on any instance, with a heartbeat so proxies keep it open.
 *
 * A stream lives no longer than its session (issue 34 item 5): when the account's session changes
 * (sign-out, deactivation, a new role or admin level, a new password), announced on every instance,
 * each open stream of that account whose token is no longer alive is ended at once; the heartbeat
 * checks again, in case an announcement was missed. The client reconnects with a fresh token, or
 * stops when it has none.
 */
export function registerRealtimeRoutes(app: FastifyInstance, ctx: AppContext, sessions: StreamSessions): { openStreams: () => number } {
  const open = new Set<OpenStream>();
  const streamsOf = new Map<number, number>();

  const endIfEnded = (s: OpenStream) => {
    const settle = (alive: boolean) => {
      if (!alive) s.end();
    };
    const alive = sessions.alive(s.claims);
    if (typeof alive === 'boolean') settle(alive);
    // A check that cannot be answered now (the database is away) leaves the stream to the next one.
    else alive.then(settle, () => {});
  };
  const unwatch = sessions.watch((userId) => {
    for (const s of open) if (userId === null || s.claims.userId === userId) endIfEnded(s);
  });
  app.addHook('onClose', async () => {
    unwatch();
    for (const s of open) s.end();
  });

  route(app, realtimeApi.events, async ({ query, req, reply, user }) => {
    const topics = query.topics;
    await ctx.realtime.authorize(user, topics);
    const mine = streamsOf.get(user.userId) ?? 0;
    if (mine >= REALTIME_STREAMS_PER_USER) throw appError(REALTIME_ERRORS.too_many_streams, `실시간 연결이 너무 많습니다 (한 사람당 ${REALTIME_STREAMS_PER_USER}개). 쓰지 않는 창을 닫아 주세요`);
    streamsOf.set(user.userId, mine + 1);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(': connected\n\n');

    let lastSent = query.after ?? 0;
    let catchingUp = true;
    const pending: RealtimeEvent[] = [];
    const send = (e: RealtimeEvent) => {
      if (closed || e.id <= lastSent) return;
      if (raw.writableLength > MAX_UNSENT_BYTES) {
        close();
        raw.destroy();
        return;
      }
      lastSent = e.id;
      raw.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    };
    const unsubscribe = ctx.realtime.subscribe(topics, (e) => (catchingUp ? pending.push(e) : send(e)));
    const heartbeat = setInterval(() => {
      raw.write(': ping\n\n');
      endIfEnded(stream);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
      const left = (streamsOf.get(user.userId) ?? 1) - 1;
      if (left > 0) streamsOf.set(user.userId, left);
      else streamsOf.delete(user.userId);
    };
    const end = () => {
      if (closed) return;
      close();
      raw.end();
    };
    const stream: OpenStream = { claims: user, end };
    open.add(stream);
    req.raw.on('close', close);
    raw.on('error', close);
    // The session may have ended between the token's check and now.
    endIfEnded(stream);

    if (query.after !== undefined) for (const e of await ctx.realtime.since({ topics, after: query.after, now: ctx.now() })) send(e);
    catchingUp = false;
    for (const e of pending.sort((a, b) => a.id - b.id)) send(e);
    if (closed) return reply;
    raw.write(`event: ready\ndata: ${JSON.stringify({ lastEventId: lastSent })}\n\n`);
    return reply;
  });

  route(app, realtimeApi.refresh, async ({ params, user }) => {
    const name = topicOf(params.a, params.b);
    await ctx.realtime.authorize(user, [name]);
    await ctx.realtime.publish(ctx.realtime.topic(name)!, { type: 'refresh', data: {} });
    return { ok: true as const, topic: name };
  });

  return { openStreams: () => open.size };
}
