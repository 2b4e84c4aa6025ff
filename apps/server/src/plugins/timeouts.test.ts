import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { HTTP_TIMEOUTS, type HttpTimeouts } from '../config.ts';

/**
 * Slow clients from outside, on raw sockets against the listening app: a body that trickles in
 * is cut off with 408, stalled headers and idle connections are closed, and a body that keeps a
 * phone's pace gets its answer. The limits are HTTP_TIMEOUTS shortened in the same proportions,
 * so each case ends in well under a second.
 */
const SHORT: HttpTimeouts = { headersMs: 600, requestMs: 60_000, idleMs: 3000, keepAliveMs: 1000, bodyMinBytes: 64, bodyWindowMs: 400 };

let t: TestApp;
let port = 0;
const logs: string[] = [];

type Conn = { socket: Socket; received: () => string; closed: Promise<void> };
async function open(): Promise<Conn> {
  const socket = connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let data = '';
  socket.on('data', (c: Buffer) => (data += c.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => data, closed };
}

/** Writes `body` in pieces of `size` bytes, one after the other write is flushed and `gap` ms passed, until the socket closes or the body is out. */
async function trickle(c: Conn, body: string, size: number, gapMs: number) {
  for (let at = 0; at < body.length && !c.socket.destroyed; at += size) {
    await new Promise<void>((resolve) => c.socket.write(body.slice(at, at + size), () => resolve()));
    await new Promise<void>((resolve) => setTimeout(resolve, gapMs));
  }
}

const head = (length: number) => `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const loginBody = (padding: number) => JSON.stringify({ loginId: 'nobody', password: 'wrong-password-1', pad: 'x'.repeat(padding) });

beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { httpTimeouts: SHORT }, logs });
  const url = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  port = Number(url.port);
});
afterAll(async () => {
  await t.close();
});

describe('request timeouts', () => {
  it('the shipped limits let a phone on a bad network through and keep stalled clients short', () => {
    expect(HTTP_TIMEOUTS).toEqual({ headersMs: 20_000, requestMs: 3_600_000, idleMs: 120_000, keepAliveMs: 72_000, bodyMinBytes: 1024, bodyWindowMs: 10_000 });
  });

  it('closes every connection whose body trickles in below the pace with 408', async () => {
    const body = loginBody(2000);
    const conns = await Promise.all(Array.from({ length: 20 }, () => open()));
    for (const c of conns) c.socket.write(head(body.length));
    // A byte every 50 ms: 8 bytes a window, below the 64 it must deliver.
    for (const c of conns) void trickle(c, body, 1, 50);
    await Promise.all(conns.map((c) => c.closed));
    for (const c of conns) {
      expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(c.received()).toContain('request.body_too_slow');
    }
    // A warning each, never an error: a slow phone must not page anyone.
    const lines = logs.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.msg.includes('request body too slow'))).toHaveLength(20);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('answers a body that keeps the pace, however long it takes in all', async () => {
    const body = loginBody(1500);
    const c = await open();
    c.socket.write(head(body.length));
    // 100 bytes every 100 ms: slow (about 2 s in all, five body windows) but steady.
    await trickle(c, body, 100, 100);
    await expect.poll(() => c.received(), { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 \d{3} [\s\S]*\r\n\r\n\{/);
    expect(c.received()).not.toMatch(/^HTTP\/1\.1 408/);
    c.socket.destroy();
  });

  it('closes a connection whose headers never end, with 408', async () => {
    const c = await open();
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an idle keep-alive connection after its request was answered', async () => {
    const c = await open();
    c.socket.write('GET /api/auth/me HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(c.received()).toMatch(/keep-alive: timeout=1/i);
  });
});
