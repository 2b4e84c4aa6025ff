import { connect } from 'node:net';
import { addDays, kstToday } from '@academy/contracts/dates';
import { scoresApi } from '@academy/contracts/exams';
import { lectureTopic } from '@academy/contracts/lectures';
import { defineTopic, REALTIME_STREAMS_PER_USER, realtimeApi } from '@academy/contracts/realtime';
import { systemApi } from '@academy/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openEventStream } from '../../test/event-stream.ts';
import { type ApiError, createTestApp, type TestApp } from '../../test/harness.ts';
import { makeExam } from '../modules/exams/exams.testkit.ts';
import { makeLecture } from '../modules/lectures/lectures.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../modules/users/users.testkit.ts';

let t: TestApp;
let base: string;
const logs: string[] = [];
let staff: Awaited<ReturnType<typeof makeStaff>>;
let kid: TestAccount;
let lectureId: number;
let examId: number;
const cell = () => ({ examId, userId: kid.id });

beforeAll(async () => {
  t = await createTestApp({ seed: false, logs });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await makeStaff(t);
  [kid] = (await makeStudents(t, 1)) as [TestAccount];
  const today = kstToday(t.clock.now);
  const lecture = await makeLecture(t, { adminToken: staff.admin.token, students: [kid.id], startDate: today, endDate: addDays(today, 13) });
  lectureId = lecture.id;
  examId = (await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: lecture.sessions[0]!.id })).id;
}, 60_000);
afterAll(() => t.close());

describe('realtime channel (one process)', () => {
  it('carries a lock, a score and the release to an open grid, and catches up after a reconnect', async () => {
    const stream = await openEventStream(`${base}/api/realtime/events?topics=lecture:${lectureId}`, staff.manager.token);
    await stream.ready;
    await t.api(scoresApi.lock, { token: staff.ta.token, params: cell() });
    expect((await stream.next((e) => e.type === 'lock')).data).toMatchObject({ examId, userId: kid.id, holderName: '박조교' });
    // The holder's write releases the lock in its transaction: the release, then the score.
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(), body: { scoreValue: 77 } });
    expect((await stream.next((e) => e.type === 'score')).data).toMatchObject({ examId, userId: kid.id, first: 77 });
    expect(stream.events.map((e) => e.type)).toEqual(['lock', 'unlock', 'score']);
    const last = stream.events.at(-1)!.id;
    stream.close();

    // Missed while disconnected: a lock and a memo (which releases it).
    await t.api(scoresApi.lock, { token: staff.ta.token, params: cell() });
    await t.api(scoresApi.setMemo, { token: staff.ta.token, params: cell(), body: { memo: '오답노트 제출' } });
    const again = await openEventStream(`${base}/api/realtime/events?topics=lecture:${lectureId}&after=${last}`, staff.manager.token);
    await again.ready;
    again.close();
    expect(again.events.map((e) => e.type)).toEqual(['lock', 'unlock', 'score']);
    expect(again.events[2]!.data).toMatchObject({ memo: '오답노트 제출' });
  });

  it('tells nothing of a rolled-back change', async () => {
    const stream = await openEventStream(`${base}/api/realtime/events?topics=lecture:${lectureId}`, staff.manager.token);
    await stream.ready;
    expect((await t.apiError(scoresApi.setValue, { token: staff.ta.token, params: cell(), body: { scoreValue: 999 } })).status).toBe(400);
    await t.api(realtimeApi.refresh, { token: staff.ta.token, params: { a: 'lecture', b: String(lectureId) } });
    await stream.next((e) => e.type === 'refresh');
    expect(stream.events.map((e) => e.type)).toEqual(['refresh']);
    stream.close();
  });

  // The event stream's refusals: the stream itself is no typed reply, so these calls are by hand.
  it('refuses unknown topics, students and anonymous callers', async () => {
    expect((await t.call('GET', '/api/realtime/events?topics=exam:1', staff.ta.token)).status).toBe(400);
    expect((await t.call('GET', `/api/realtime/events?topics=lecture:${lectureId}`, kid.token)).status).toBe(403);
    expect((await t.call('GET', `/api/realtime/events?topics=lecture:${lectureId}`)).status).toBe(401);
  });

  it('lets each area say who follows its topics: a student follows their own topic and no one else\'s', async () => {
    const testOwn = defineTopic('test-own', { seats: z.object({ left: z.number() }) });
    t.ctx.realtime.defineTopic({ topic: testOwn, authorize: ({ user, id }) => String(user.userId) === id });
    const own = await openEventStream(`${base}/api/realtime/events?topics=test-own:${kid.id}`, kid.token);
    await own.ready;
    await t.ctx.realtime.publish(testOwn.of(kid.id), { type: 'seats', data: { left: 3 } });
    expect((await own.next((e) => e.type === 'seats')).data).toEqual({ left: 3 });
    own.close();
    // Refused before the stream opens: by hand, as the stream is no typed reply.
    const other = await t.call<ApiError>('GET', `/api/realtime/events?topics=test-own:${kid.id + 1}`, kid.token);
    expect(other.status).toBe(403);
    expect(other.json.code).toBe('realtime.topic_forbidden');
    expect((await t.call('GET', `/api/realtime/events?topics=test-own:${kid.id},lecture:${lectureId}`, kid.token)).status).toBe(403);
  });

  it('holds at most a few streams per user, and frees a slot when one closes', async () => {
    const streams = [];
    for (let i = 0; i < REALTIME_STREAMS_PER_USER; i++) streams.push(await openEventStream(`${base}/api/realtime/events?topics=lecture:${lectureId}`, staff.ta.token));
    await Promise.all(streams.map((s) => s.ready));
    const refused = await fetch(`${base}/api/realtime/events?topics=lecture:${lectureId}`, { headers: { authorization: `Bearer ${staff.ta.token}` } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('realtime.too_many_streams');
    // Another user is not affected.
    const other = await openEventStream(`${base}/api/realtime/events?topics=lecture:${lectureId}`, staff.manager.token);
    await other.ready;
    other.close();
    streams.pop()!.close();
    // The server sees the close when the socket ends; a new stream then fits again.
    let again: Awaited<ReturnType<typeof openEventStream>> | null = null;
    while (!again) again = await openEventStream(`${base}/api/realtime/events?topics=lecture:${lectureId}`, staff.ta.token).catch(() => null);
    await again.ready;
    again.close();
    for (const s of streams) s.close();
  });

  it('a normal tab close logs nothing at error level', async () => {
    const errors = () => logs.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
    const before = errors().length;
    const url = `${base}/api/realtime/events?topics=lecture:${lectureId}`;
    const tabs = [];
    for (let i = 0; i < REALTIME_STREAMS_PER_USER; i++) tabs.push(await openEventStream(url, staff.admin.token));
    await Promise.all(tabs.map((s) => s.ready));
    tabs.pop()!.close();
    // The server has seen the tab go when the slot it held is free again.
    let again: Awaited<ReturnType<typeof openEventStream>> | null = null;
    while (!again) again = await openEventStream(url, staff.admin.token).catch(() => null);
    await again.ready;
    await t.api(systemApi.health);
    expect(errors().slice(before)).toEqual([]);
    for (const s of [...tabs, again]) s.close();
  });

  it('ends the stream of a client that stops reading instead of buffering its backlog', async () => {
    const { hostname, port } = new URL(base);
    const socket = connect({ host: hostname, port: Number(port) });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const headers = await new Promise<string>((resolve) => {
      socket.once('data', (chunk: Buffer) => resolve(chunk.toString()));
      socket.write(`GET /api/realtime/events?topics=lecture:${lectureId} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${staff.manager.token}\r\n\r\n`);
    });
    expect(headers).toContain('200 OK');
    socket.pause();
    // About 6 KB an event: 3,000 of them are far more than the socket buffers and the server's limit.
    const blob = 'x'.repeat(6000);
    const total = 3000;
    for (let sent = 0; sent < total; sent += 50) {
      await Promise.all(Array.from({ length: 50 }, () => t.ctx.realtime.publish(lectureTopic.of(lectureId), { type: 'refresh', data: { marker: blob } })));
    }
    // Reading again: the stream was cut off (it closes after what was already buffered) instead of
    // delivering the whole backlog.
    let received = 0;
    let all: () => void = () => {};
    const everything = new Promise<void>((resolve) => (all = resolve));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= total * 6000) all();
    });
    socket.resume();
    await Promise.race([closed, everything]);
    expect(received).toBeLessThan(total * 6000);
    socket.destroy();
    // The server is still there for everyone else.
    await t.api(systemApi.health);
  }, 120_000);
});
