import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { TestAccount } from '../users/users.testkit.ts';
import { addLinkVideo, makeVideoClass } from './videos.testkit.ts';

/**
 * Progress from the outside (HTTP): what counts as watched, what cannot be forged, who may report
 * for whom, completion and its attendance mark, and the beacon sent while leaving a page.
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof makeVideoClass>>;
let videoId: number;
const DURATION = 600;

const report = (who: TestAccount, body: object) => t.call('POST', '/api/sp/video-progress', who.token, body);
const open = (who: TestAccount, id = videoId) => t.call('GET', `/api/sp/videos/${id}`, who.token);
/** Real time passing for the player: the server credits at most twice that. */
const wait = (sec: number) => t.clock.advance(sec * 1000);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  c = await makeVideoClass(t);
  videoId = (await addLinkVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, durationSec: DURATION })).id;
});
afterAll(() => t.close());

describe('video progress', () => {
  it('keeps the union of played intervals: a replay counts once, skipping ahead never', async () => {
    const opened = await open(c.student);
    expect(opened.status).toBe(200);
    expect(opened.json.playback).toEqual({ kind: 'youtube', videoId: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(opened.json.watermark).toEqual({ name: '최민준', phoneTail: '0001' });
    wait(10);
    expect((await report(c.student, { videoId, positionSec: 10, played: [[0, 10]] })).json).toMatchObject({ watchedSec: 10, positionSec: 10, completed: false });
    wait(10);
    // Overlapping pieces, and the first ten seconds again: 20 seconds in all.
    expect((await report(c.student, { videoId, positionSec: 20, played: [[0, 10], [5, 20], [0, 10]] })).json).toMatchObject({ watchedSec: 20 });
    wait(10);
    // A seek to 5:00 and ten seconds from there: 30 watched, resume at 5:10, nothing between counted.
    const skipped = await report(c.student, { videoId, positionSec: 310, played: [[0, 20], [300, 310]], event: 'pause' });
    expect(skipped.json).toMatchObject({ watchedSec: 30, positionSec: 310, percent: 5 });
    const again = await open(c.student);
    expect(again.json.video.progress).toMatchObject({ positionSec: 310, watchedSec: 30 });
  });

  it('the state comes with the percent: a watched video back at 0:00 is 보는 중, never 아직 안 봄', async () => {
    const other = await addLinkVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, durationSec: 100, title: '처음부터 다시' });
    expect((await open(c.student, other.id)).json.video.progress).toMatchObject({ percent: 0, state: 'not_started' });
    wait(30);
    expect((await report(c.student, { videoId: other.id, positionSec: 59, played: [[0, 59]] })).json).toMatchObject({ percent: 59, state: 'watching' });
    // Reopened and left at the start: the position is 0 again, the watched part stays.
    const back = await report(c.student, { videoId: other.id, positionSec: 0, played: [], event: 'leave' });
    expect(back.json).toMatchObject({ positionSec: 0, percent: 59, state: 'watching' });
    const listed = (await t.call('GET', '/api/sp/videos', c.student.token)).json as { id: number; progress: { percent: number; state: string } }[];
    expect(listed.find((v) => v.id === other.id)!.progress).toMatchObject({ percent: 59, state: 'watching' });
    wait(30);
    expect((await report(c.student, { videoId: other.id, positionSec: 100, played: [[0, 100]], event: 'ended' })).json).toMatchObject({ completed: true, state: 'completed' });
    // Out of the way of the staff table below.
    expect((await t.call('DELETE', `/api/videos/${other.id}`, c.staff.ta.token)).status).toBe(200);
  });

  it('two tabs reporting at the same instant lose nothing: both intervals are in the union', async () => {
    const other = await addLinkVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, durationSec: 300, title: '두 탭' });
    await open(c.student, other.id);
    wait(30);
    const [a, b] = await Promise.all([
      report(c.student, { videoId: other.id, positionSec: 10, played: [[0, 10]] }),
      report(c.student, { videoId: other.id, positionSec: 110, played: [[100, 110]] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const mine = await t.call('GET', `/api/sp/video-progress?videoId=${other.id}`, c.student.token);
    expect(mine.json[0].watchedSec).toBe(20);
  });

  it('a forged report (the whole video at once) does not complete it, however often it is sent', async () => {
    await open(c.classmate);
    const forged = await report(c.classmate, { videoId, positionSec: DURATION, played: [[0, DURATION]], event: 'ended' });
    expect(forged.status).toBe(200);
    expect(forged.json.completed).toBe(false);
    expect(forged.json.watchedSec).toBe(0);
    for (let i = 0; i < 5; i++) {
      wait(1);
      await report(c.classmate, { videoId, positionSec: DURATION, played: [[0, DURATION]] });
    }
    // Five seconds of real time count at most ten seconds of video.
    const after = await t.call('GET', `/api/sp/video-progress?videoId=${videoId}`, c.classmate.token);
    expect(after.json[0].watchedSec).toBeLessThanOrEqual(10);
    // An hour away refills the credit only up to its cap: one report still cannot finish the video.
    wait(3600);
    const later = await report(c.classmate, { videoId, positionSec: DURATION, played: [[0, DURATION]] });
    expect(later.json.watchedSec).toBeLessThanOrEqual(130);
    expect(later.json.completed).toBe(false);
  });

  it('a student outside the lecture cannot open, read or report; nobody reports for someone else', async () => {
    expect((await open(c.outsider)).status).toBe(403);
    expect((await report(c.outsider, { videoId, positionSec: 10, played: [[0, 10]] })).status).toBe(403);
    expect((await t.call('GET', `/api/sp/video-progress?videoId=${videoId}`, c.outsider.token)).status).toBe(403);
    const other = await report(c.student, { videoId, userId: c.classmate.id, positionSec: 10, played: [[0, 10]] });
    expect(other.status).toBe(400);
    expect(other.json.message).toContain('userId');
    expect((await t.call('GET', '/api/sp/videos', c.outsider.token)).json).toEqual([]);
    expect((await report(c.student, { videoId: 999999, positionSec: 1, played: [] })).status).toBe(404);
  });

  it('the beacon carries its own ticket (text/plain, no Authorization): bound to one student and one video, expiring', async () => {
    const opened = await open(c.student);
    const ticket = opened.json.watchToken as string;
    wait(10);
    const body = { videoId, positionSec: 320, played: [[310, 320]], event: 'leave', watchToken: ticket };
    const beacon = await t.app.inject({ method: 'POST', url: '/api/sp/video-progress/beacon', headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify(body) });
    expect(beacon.statusCode).toBe(200);
    const mine = await t.call('GET', `/api/sp/video-progress?videoId=${videoId}`, c.student.token);
    expect(mine.json[0]).toMatchObject({ positionSec: 320, watchedSec: 40 });

    // The ticket names this video only; a made-up or missing ticket is refused.
    const other = await addLinkVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, durationSec: 100, title: '다른 영상' });
    const wrongVideo = await t.app.inject({ method: 'POST', url: '/api/sp/video-progress/beacon', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ ...body, videoId: other.id }) });
    expect(wrongVideo.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'POST', url: '/api/sp/video-progress/beacon', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ ...body, watchToken: `${ticket.slice(0, -4)}AAAA` }) });
    expect(forged.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/sp/video-progress/beacon', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ videoId, positionSec: 1, played: [] }) });
    expect(missing.statusCode).toBe(400);
    const notJson = await t.app.inject({ method: 'POST', url: '/api/sp/video-progress/beacon', headers: { 'content-type': 'text/plain' }, payload: 'videoId=1' });
    expect(notJson.statusCode).toBe(400);
    // A sign-in token is not a ticket.
    const access = await t.app.inject({ method: 'POST', url: '/api/sp/video-progress/beacon', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ ...body, watchToken: c.student.token }) });
    expect(access.statusCode).toBe(401);
    wait(13 * 3600_000 / 1000);
    const expired = await t.app.inject({ method: 'POST', url: '/api/sp/video-progress/beacon', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('videos.token_invalid');
  });

  it('completes at 90% of honest watching and marks the session 온라인(영상 수강) where nobody marked it; a locked cell stays', async () => {
    const short = await addLinkVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, durationSec: 60, title: '짧은 보강' });
    await t.call('PUT', `/api/lectures/${c.lectureId}/weekly-lectures/${c.wlId}/attendance/lock`, c.staff.ta.token, { userIds: [c.classmate.id], locked: true });
    for (const who of [c.student, c.classmate]) {
      await open(who, short.id);
      let last;
      for (let s = 10; s <= 60; s += 10) {
        wait(10);
        last = await report(who, { videoId: short.id, positionSec: s, played: [[0, s]] });
        if (s === 50) expect(last.json.completed).toBe(false);
      }
      expect(last!.json).toMatchObject({ completed: true, percent: 100, watchedSec: 60 });
    }
    const grid = await t.call('GET', `/api/lectures/${c.lectureId}/attendance-grid`, c.staff.ta.token);
    const types = await t.call('GET', '/api/attendance-types', c.staff.ta.token);
    const online = types.json.find((x: { name: string }) => x.name === '온라인(영상 수강)').id;
    const col = grid.json.weeklyLectures.findIndex((w: { id: number }) => w.id === c.wlId);
    const cellOf = (userId: number) => grid.json.students.find((s: { userId: number }) => s.userId === userId).cells[col];
    expect(cellOf(c.student.id)).toBe(online);
    expect(cellOf(c.classmate.id)).toBe(0);
  });

  it('staff see students × videos, its Excel, and one student across sessions; only admins change the settings', async () => {
    const info = await t.call('GET', `/api/lectures/${c.lectureId}/weekly-lectures/${c.wlId}/videos/info`, c.staff.ta.token);
    expect(info.status).toBe(200);
    expect(info.json.completionPercent).toBe(90);
    expect(info.json.videos.map((v: { title: string }) => v.title)).toEqual(['복습 영상', '두 탭', '다른 영상', '짧은 보강']);
    const row = info.json.students.find((s: { userId: number }) => s.userId === c.student.id);
    expect(row.cells[0]).toMatchObject({ percent: expect.closeTo(6.7, 1), watchedSec: 40, positionSec: 320, completed: false });
    expect(row.cells[2]).toBeNull();
    expect(row.cells[3]).toMatchObject({ completed: true, percent: 100 });
    expect(info.json.videos[3].completedCount).toBe(2);

    const xlsx = await t.app.inject({ method: 'GET', url: `/api/lectures/${c.lectureId}/weekly-lectures/${c.wlId}/videos/download`, headers: { authorization: `Bearer ${c.staff.ta.token}` } });
    expect(xlsx.statusCode).toBe(200);
    const { readSheet } = await import('../../lib/xlsx.ts');
    const sheet = await readSheet(xlsx.rawPayload, { maxRows: 100, errors: { invalid: { code: 'x', status: 400 }, rows: { code: 'x', status: 400 } } as never });
    expect(sheet.header.slice(0, 4)).toEqual(['아이디', '이름', '복습 영상 진도율(%)', '복습 영상 본 시간']);
    const line = sheet.rows.find((r) => r.cells[0] === c.student.loginId)!;
    expect(line.cells.slice(2, 4)).toEqual(['6.7', '0:40']);

    const student = await t.call('GET', `/api/students/${c.student.id}/videos`, c.staff.ta.token);
    expect(student.json.map((r: { title: string; completed: boolean }) => [r.title, r.completed])).toEqual(expect.arrayContaining([['복습 영상', false], ['짧은 보강', true]]));
    expect((await t.call('GET', `/api/students/${c.student.id}/videos`, c.student.token)).status).toBe(403);
    expect((await t.call('GET', `/api/lectures/${c.lectureId}/weekly-lectures/${c.wlId}/videos/info`, c.student.token)).status).toBe(403);

    expect((await t.call('PUT', '/api/video-settings', c.staff.ta.token, { completionPercent: 80, attendanceTypeId: null })).status).toBe(403);
    const saved = await t.call('PUT', '/api/video-settings', c.staff.admin.token, { completionPercent: 80, attendanceTypeId: null });
    expect(saved.json).toEqual({ completionPercent: 80, attendanceTypeId: null });
    expect((await t.call('PUT', '/api/video-settings', c.staff.admin.token, { completionPercent: 30, attendanceTypeId: 999999 })).status).toBe(400);
    expect((await t.call('PUT', '/api/video-settings', c.staff.admin.token, { completionPercent: 80, attendanceTypeId: 999999 })).json.code).toBe('videos.attendance_type_unknown');
  });
});
