import { attendanceApi } from '@academy/contracts/lectures';
import { portalVideosApi, type ProgressBody, videosApi } from '@academy/contracts/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type TestApp } from '../../../test/harness.ts';
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

const report = (who: TestAccount, body: ProgressBody) => t.api(portalVideosApi.report, { token: who.token, body });
const refusedReport = (who: TestAccount, body: ProgressBody) => t.apiError(portalVideosApi.report, { token: who.token, body });
const open = (who: TestAccount, id = videoId) => t.api(portalVideosApi.play, { token: who.token, params: { id } });
const progressOf = (who: TestAccount, id: number) => t.api(portalVideosApi.progress, { token: who.token, query: { videoId: id } });
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
    expect(opened.playback).toEqual({ kind: 'youtube', videoId: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(opened.watermark).toEqual({ name: '최민준', phoneTail: '0001' });
    wait(10);
    expect(await report(c.student, { videoId, positionSec: 10, played: [[0, 10]] })).toMatchObject({ watchedSec: 10, positionSec: 10, completed: false });
    wait(10);
    // Overlapping pieces, and the first ten seconds again: 20 seconds in all.
    expect(await report(c.student, { videoId, positionSec: 20, played: [[0, 10], [5, 20], [0, 10]] })).toMatchObject({ watchedSec: 20 });
    wait(10);
    // A seek to 5:00 and ten seconds from there: 30 watched, resume at 5:10, nothing between counted.
    const skipped = await report(c.student, { videoId, positionSec: 310, played: [[0, 20], [300, 310]], event: 'pause' });
    expect(skipped).toMatchObject({ watchedSec: 30, positionSec: 310, percent: 5 });
    const again = await open(c.student);
    expect(again.video.progress).toMatchObject({ positionSec: 310, watchedSec: 30 });
  });

  it('the state comes with the percent: a watched video back at 0:00 is 보는 중, never 아직 안 봄', async () => {
    const other = await addLinkVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, durationSec: 100, title: '처음부터 다시' });
    expect((await open(c.student, other.id)).video.progress).toMatchObject({ percent: 0, state: 'not_started' });
    wait(30);
    expect(await report(c.student, { videoId: other.id, positionSec: 59, played: [[0, 59]] })).toMatchObject({ percent: 59, state: 'watching' });
    // Reopened and left at the start: the position is 0 again, the watched part stays.
    const back = await report(c.student, { videoId: other.id, positionSec: 0, played: [], event: 'leave' });
    expect(back).toMatchObject({ positionSec: 0, percent: 59, state: 'watching' });
    const listed = await t.api(portalVideosApi.list, { token: c.student.token });
    expect(listed.find((v) => v.id === other.id)!.progress).toMatchObject({ percent: 59, state: 'watching' });
    wait(30);
    expect(await report(c.student, { videoId: other.id, positionSec: 100, played: [[0, 100]], event: 'ended' })).toMatchObject({ completed: true, state: 'completed' });
    // Out of the way of the staff table below.
    await t.api(videosApi.delete, { token: c.staff.ta.token, params: { id: other.id } });
  });

  it('two tabs reporting at the same instant lose nothing: both intervals are in the union', async () => {
    const other = await addLinkVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, durationSec: 300, title: '두 탭' });
    await open(c.student, other.id);
    wait(30);
    // Both succeed (t.api fails the test on any other status).
    await Promise.all([
      report(c.student, { videoId: other.id, positionSec: 10, played: [[0, 10]] }),
      report(c.student, { videoId: other.id, positionSec: 110, played: [[100, 110]] }),
    ]);
    const mine = await progressOf(c.student, other.id);
    expect(mine[0]!.watchedSec).toBe(20);
  });

  it('a forged report (the whole video at once) does not complete it, however often it is sent', async () => {
    await open(c.classmate);
    const forged = await report(c.classmate, { videoId, positionSec: DURATION, played: [[0, DURATION]], event: 'ended' });
    expect(forged.completed).toBe(false);
    expect(forged.watchedSec).toBe(0);
    for (let i = 0; i < 5; i++) {
      wait(1);
      await report(c.classmate, { videoId, positionSec: DURATION, played: [[0, DURATION]] });
    }
    // Five seconds of real time count at most ten seconds of video.
    const after = await progressOf(c.classmate, videoId);
    expect(after[0]!.watchedSec).toBeLessThanOrEqual(10);
    // An hour away refills the credit only up to its cap: one report still cannot finish the video.
    wait(3600);
    const later = await report(c.classmate, { videoId, positionSec: DURATION, played: [[0, DURATION]] });
    expect(later.watchedSec).toBeLessThanOrEqual(130);
    expect(later.completed).toBe(false);
  });

  it('a student outside the lecture cannot open, read or report; nobody reports for someone else', async () => {
    expect((await t.apiError(portalVideosApi.play, { token: c.outsider.token, params: { id: videoId } })).status).toBe(403);
    expect((await refusedReport(c.outsider, { videoId, positionSec: 10, played: [[0, 10]] })).status).toBe(403);
    expect((await t.apiError(portalVideosApi.progress, { token: c.outsider.token, query: { videoId } })).status).toBe(403);
    // A field the contract does not have (the body is strict).
    const other = await t.call<ApiError>('POST', '/api/sp/video-progress', c.student.token, { videoId, userId: c.classmate.id, positionSec: 10, played: [[0, 10]] });
    expect(other.status).toBe(400);
    expect(other.json.message).toContain('userId');
    expect(await t.api(portalVideosApi.list, { token: c.outsider.token })).toEqual([]);
    expect((await refusedReport(c.student, { videoId: 999999, positionSec: 1, played: [] })).status).toBe(404);
  });

  it('the beacon carries its own ticket (text/plain, no Authorization): bound to one student and one video, expiring', async () => {
    const opened = await open(c.student);
    const ticket = opened.watchToken;
    wait(10);
    const body = { videoId, positionSec: 320, played: [[310, 320]], event: 'leave', watchToken: ticket };
    const beacon = await t.app.inject({ method: 'POST', url: '/api/sp/video-progress/beacon', headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify(body) });
    expect(beacon.statusCode).toBe(200);
    const mine = await progressOf(c.student, videoId);
    expect(mine[0]).toMatchObject({ positionSec: 320, watchedSec: 40 });

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
    await t.api(attendanceApi.setLock, { token: c.staff.ta.token, params: { id: c.lectureId, wlId: c.wlId }, body: { userIds: [c.classmate.id], locked: true } });
    for (const who of [c.student, c.classmate]) {
      await open(who, short.id);
      let last;
      for (let s = 10; s <= 60; s += 10) {
        wait(10);
        last = await report(who, { videoId: short.id, positionSec: s, played: [[0, s]] });
        if (s === 50) expect(last.completed).toBe(false);
      }
      expect(last).toMatchObject({ completed: true, percent: 100, watchedSec: 60 });
    }
    const grid = await t.api(attendanceApi.grid, { token: c.staff.ta.token, params: { id: c.lectureId } });
    const types = await t.api(attendanceApi.listTypes, { token: c.staff.ta.token });
    const online = types.find((x) => x.name === '온라인(영상 수강)')!.id;
    const col = grid.weeklyLectures.findIndex((w) => w.id === c.wlId);
    const cellOf = (userId: number) => grid.students.find((s) => s.userId === userId)!.cells[col];
    expect(cellOf(c.student.id)).toBe(online);
    expect(cellOf(c.classmate.id)).toBe(0);
  });

  it('staff see students × videos, its Excel, and one student across sessions; only admins change the settings', async () => {
    const info = await t.api(videosApi.info, { token: c.staff.ta.token, params: { id: c.lectureId, wlId: c.wlId } });
    expect(info.completionPercent).toBe(90);
    expect(info.videos.map((v) => v.title)).toEqual(['복습 영상', '두 탭', '다른 영상', '짧은 보강']);
    const row = info.students.find((s) => s.userId === c.student.id)!;
    expect(row.cells[0]).toMatchObject({ percent: expect.closeTo(6.7, 1), watchedSec: 40, positionSec: 320, completed: false });
    expect(row.cells[2]).toBeNull();
    expect(row.cells[3]).toMatchObject({ completed: true, percent: 100 });
    expect(info.videos[3]!.completedCount).toBe(2);

    const xlsx = await t.app.inject({ method: 'GET', url: `/api/lectures/${c.lectureId}/weekly-lectures/${c.wlId}/videos/download`, headers: { authorization: `Bearer ${c.staff.ta.token}` } });
    expect(xlsx.statusCode).toBe(200);
    const { readSheet } = await import('../../lib/xlsx.ts');
    const sheet = await readSheet(xlsx.rawPayload, { maxRows: 100, errors: { invalid: { code: 'x', status: 400 }, rows: { code: 'x', status: 400 } } as never });
    expect(sheet.header.slice(0, 4)).toEqual(['아이디', '이름', '복습 영상 진도율(%)', '복습 영상 본 시간']);
    const line = sheet.rows.find((r) => r.cells[0] === c.student.loginId)!;
    expect(line.cells.slice(2, 4)).toEqual(['6.7', '0:40']);

    const student = await t.api(videosApi.student, { token: c.staff.ta.token, params: { id: c.student.id } });
    expect(student.map((r) => [r.title, r.completed])).toEqual(expect.arrayContaining([['복습 영상', false], ['짧은 보강', true]]));
    expect((await t.apiError(videosApi.student, { token: c.student.token, params: { id: c.student.id } })).status).toBe(403);
    expect((await t.apiError(videosApi.info, { token: c.student.token, params: { id: c.lectureId, wlId: c.wlId } })).status).toBe(403);

    expect((await t.apiError(videosApi.saveSettings, { token: c.staff.ta.token, body: { completionPercent: 80, attendanceTypeId: null } })).status).toBe(403);
    const saved = await t.api(videosApi.saveSettings, { token: c.staff.admin.token, body: { completionPercent: 80, attendanceTypeId: null } });
    expect(saved).toEqual({ completionPercent: 80, attendanceTypeId: null });
    expect((await t.apiError(videosApi.saveSettings, { token: c.staff.admin.token, body: { completionPercent: 30, attendanceTypeId: 999999 } })).status).toBe(400);
    expect((await t.apiError(videosApi.saveSettings, { token: c.staff.admin.token, body: { completionPercent: 80, attendanceTypeId: 999999 } })).code).toBe('videos.attendance_type_unknown');
  });
});
