import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { HttpTimeouts } from '../config.ts';

/**
 * The connection limits Node enforces itself: headers, the whole request, an idle socket and an
 * idle keep-alive connection (HTTP_TIMEOUTS in config.ts). Node checks the first two on an
 * interval; it is kept well below the header limit so a stalled request ends near its limit.
 */
export function serverTimeouts(t: HttpTimeouts): { connectionTimeout: number; keepAliveTimeout: number; requestTimeout: number; http: ServerOptions } {
  return {
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.requestMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(t.headersMs / 4))) },
  };
}

const SLOW_BODY = JSON.stringify({ code: 'request.body_too_slow', message: '요청 본문이 너무 느리게 전송되어 연결을 닫았습니다. 네트워크를 확인하고 다시 시도해 주세요' });

/**
 * The body's pace: a request whose body is on its way must deliver at least `bodyMinBytes` in
 * every `bodyWindowMs` (counted on its socket, so nothing reads the body before its parser), or it
 * is answered 408 and its connection closed. Node's own limits alone would let a client that
 * sends a byte now and then hold a connection for the whole request limit (an hour, for uploads).
 */
export function registerBodyPace(app: FastifyInstance, t: HttpTimeouts): void {
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    const socket = raw.socket;
    const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete || !socket) return done();
    let seen = socket.bytesRead;
    const watch = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(watch);
      const read = socket.bytesRead;
      if (read - seen >= t.bodyMinBytes) {
        seen = read;
        return;
      }
      clearInterval(watch);
      req.log.warn({ received: read - seen, windowMs: t.bodyWindowMs }, 'request body too slow: connection closed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'content-length': Buffer.byteLength(SLOW_BODY) });
        reply.raw.end(SLOW_BODY, () => socket.destroy());
      } else socket.destroy();
    }, t.bodyWindowMs);
    watch.unref();
    reply.raw.once('close', () => clearInterval(watch));
    done();
  });
}
