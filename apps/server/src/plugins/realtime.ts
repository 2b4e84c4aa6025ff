import { REALTIME_ERRORS, realtimeApi, TOPIC_PERMISSION, topicKind, topicOf, type RealtimeEvent } from '@academy/contracts/realtime';
import { hasPermission } from '@academy/contracts/roles';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { appError } from '../lib/errors.ts';

const HEARTBEAT_MS = 15_000;

/**
 * The push channel: `GET /api/realtime/events?topics=lecture:12&after=<last id>` answers
 * text/event-stream. It subscribes first, then sends what the client missed, then every new event
 * of its topics as it is committed on any instance, with a heartbeat so proxies keep it open.
 */
export function registerRealtimeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  route(app, realtimeApi.events, async ({ query, req, reply, user }) => {
    const topics = query.topics;
    // The route lets every signed-in account in; each topic kind names who may follow it.
    const denied = topics.find((t) => !hasPermission(user, TOPIC_PERMISSION[topicKind(t)]));
    if (denied) throw appError(REALTIME_ERRORS.topic_forbidden, `이 실시간 토픽을 볼 권한이 없습니다 (${denied})`);
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
      if (e.id <= lastSent) return;
      lastSent = e.id;
      raw.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    };
    const unsubscribe = ctx.realtime.subscribe(topics, (e) => (catchingUp ? pending.push(e) : send(e)));
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      close();
      raw.end();
    };
    open.add(end);
    req.raw.on('close', close);

    if (query.after !== undefined) for (const e of await ctx.realtime.since({ topics, after: query.after, now: ctx.now() })) send(e);
    catchingUp = false;
    for (const e of pending.sort((a, b) => a.id - b.id)) send(e);
    raw.write(`event: ready\ndata: ${JSON.stringify({ lastEventId: lastSent })}\n\n`);
    return reply;
  });

  route(app, realtimeApi.refresh, async ({ params }) => {
    const topic = topicOf(params.a, params.b);
    await ctx.realtime.publish({ topic, type: 'refresh', data: {} });
    return { ok: true as const, topic };
  });
}
