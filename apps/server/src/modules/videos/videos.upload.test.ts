import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { filesApi, PART_SIZE } from '@academy/contracts/files';
import { type Playback, portalVideosApi, videosApi } from '@academy/contracts/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
import { startS3TestServer, type S3TestServer } from '../../lib/storage/storage.testkit.ts';
import { sendToUrl, sha256 } from '../files/files.testkit.ts';
import { addUploadedVideo, makeTestVideo, makeVideoClass, processingEnded, topLevelBoxes } from './videos.testkit.ts';

/**
 * An uploaded recording from the outside, on both storage drivers: it goes up through the files
 * flow (kind video), is processed in a background job (duration, poster, faststart), and streams
 * from a signed, expiring URL that answers Range requests (206, Content-Range). Students outside
 * the lecture and expired URLs get 403.
 */
let clip: Buffer;
/** An uploaded video's playback: a signed URL to the file (not a YouTube or Vimeo player). */
const filePlayback = (p: Playback) => {
  if (p.kind !== 'file') throw new Error(`playback of kind ${p.kind}, not file`);
  return p;
};
beforeAll(async () => {
  clip = await makeTestVideo({ seconds: 3 });
});

describe.each(['local', 's3'] as const)('uploaded videos on the %s driver', (driver) => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof makeVideoClass>>;
  let s3: S3TestServer | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'videos-test-'));
    s3 = driver === 's3' ? await startS3TestServer() : undefined;
    t = await createTestApp({ seed: false, config: { dataDir, ...(s3 ? { storage: s3.config } : {}) } });
    c = await makeVideoClass(t);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('processes an upload into a poster and a faststart copy that streams by Range; outsiders and expired URLs get 403', async () => {
    // As cameras write them: the index (moov) after the media.
    expect(topLevelBoxes(clip).indexOf('moov')).toBeGreaterThan(topLevelBoxes(clip).indexOf('mdat'));
    const video = await addUploadedVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, body: clip, title: '3주차 수업 녹화' });
    expect(video).toMatchObject({ status: 'ready', source: 'upload', width: 320, height: 240, processing: null, error: null, file: { fileName: '수업 녹화.mp4', size: clip.length } });
    expect(video.durationSec).toBeCloseTo(3, 0);
    expect(video.posterUrl).toBeTruthy();
    const poster = await sendToUrl(t, { url: video.posterUrl!, method: 'GET' });
    expect(poster.status).toBe(200);
    expect(poster.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const play = await t.api(portalVideosApi.play, { token: c.student.token, params: { id: video.id } });
    expect(play.playback.kind).toBe('file');
    const { url, expiresAt } = filePlayback(play.playback);
    const whole = await sendToUrl(t, { url, method: 'GET' });
    expect(whole.status).toBe(200);
    const size = whole.body.length;
    expect(topLevelBoxes(whole.body).indexOf('moov')).toBeLessThan(topLevelBoxes(whole.body).indexOf('mdat'));

    const first = await sendToUrl(t, { url, method: 'GET', headers: { range: 'bytes=0-1023' } });
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-1023/${size}`);
    expect(first.body.equals(whole.body.subarray(0, 1024))).toBe(true);
    const seek = await sendToUrl(t, { url, method: 'GET', headers: { range: `bytes=${size - 500}-` } });
    expect(seek.status).toBe(206);
    expect(seek.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);

    expect((await t.apiError(portalVideosApi.play, { token: c.outsider.token, params: { id: video.id } })).status).toBe(403);
    // The original stays with staff: a student cannot download it through the files API.
    expect((await t.apiError(filesApi.downloadUrl, { token: c.student.token, params: { id: video.file!.id } })).status).toBe(403);

    if (driver === 'local') {
      t.clock.advance((Date.parse(expiresAt) - t.clock.now.getTime()) + 60_000);
      expect((await sendToUrl(t, { url, method: 'GET', headers: { range: 'bytes=0-99' } })).status).toBe(403);
    } else {
      // s3rver checks expiry against its own clock: sign in the past instead of waiting.
      const real = t.clock.now;
      t.clock.now = new Date(real.getTime() - 24 * 3600_000);
      const old = await t.api(portalVideosApi.play, { token: c.student.token, params: { id: video.id } });
      t.clock.now = real;
      expect((await sendToUrl(t, { url: old.playback.url, method: 'GET', headers: { range: 'bytes=0-99' } })).status).toBe(403);
    }
  });

  it('takes a multi-GB-style upload through multipart parts, like any large file', async () => {
    const big = await makeTestVideo({ seconds: 4, width: 640, height: 360, bitrateKbps: 20_000, noisy: true });
    expect(big.length).toBeGreaterThan(PART_SIZE);
    const init = await t.api(filesApi.multipartInitiate, { token: c.staff.ta.token, body: { fileName: '보강 녹화.mov', contentType: 'video/quicktime', fileSize: big.length, kind: 'video', weeklyLectureId: c.wlId } });
    const parts = [];
    for (const p of init.parts) {
      const start = (p.partNumber - 1) * init.partSize;
      const res = await sendToUrl(t, { url: p.url, method: 'PUT', body: big.subarray(start, start + p.size) });
      expect(res.status).toBe(200);
      parts.push({ partNumber: p.partNumber, etag: res.headers.etag! });
    }
    const done = await t.api(filesApi.multipartComplete, { token: c.staff.ta.token, body: { uploadId: init.uploadId, parts, sha256: sha256(big) } });
    expect(done.kind).toBe('video');
    const ended = processingEnded(t, c.wlId);
    const session = { id: c.lectureId, wlId: c.wlId };
    const created = await t.api(videosApi.create, { token: c.staff.ta.token, params: session, body: { source: 'upload', fileId: done.id, title: '보강 녹화' } });
    expect(created).toMatchObject({ status: 'processing', processing: { percent: 0 } });
    expect(await ended).toBe('completed');
    const again = await t.apiError(videosApi.create, { token: c.staff.ta.token, params: session, body: { source: 'upload', fileId: done.id, title: '또' } });
    expect(again.code).toBe('videos.file_in_use');
  });
});

describe('uploads that cannot become a video', () => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof makeVideoClass>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    c = await makeVideoClass(t);
  });
  afterAll(() => t.close());

  it('a sound-only MP4 fails processing with the reason, and can be deleted with its original', async () => {
    const sound = await makeTestVideo({ seconds: 2, audioOnly: true });
    const video = await addUploadedVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, body: sound, fileName: '녹음.mp4' });
    expect(video).toMatchObject({ status: 'failed', error: expect.stringContaining('영상 트랙이 없는') });
    expect((await t.apiError(portalVideosApi.play, { token: c.student.token, params: { id: video.id } })).code).toBe('videos.not_ready');
    expect(await t.api(portalVideosApi.list, { token: c.student.token })).toEqual([]);
    await t.api(videosApi.delete, { token: c.staff.ta.token, params: { id: video.id } });
    expect((await t.apiError(filesApi.get, { token: c.staff.ta.token, params: { id: video.file!.id } })).status).toBe(404);
  });

  it('staff upload videos only as MP4 or MOV, to a session, and students not at all', async () => {
    type UploadInput = ApiInput<typeof filesApi.uploadUrl>['body'];
    const body = (over: Partial<UploadInput> = {}): UploadInput => ({ fileName: 'a.mp4', contentType: 'video/mp4', fileSize: 1000, kind: 'video', weeklyLectureId: c.wlId, ...over });
    const refused = (over: Partial<UploadInput>, token = c.staff.ta.token) => t.apiError(filesApi.uploadUrl, { token, body: body(over) });
    expect((await refused({ fileName: 'a.pdf' })).code).toBe('files.type_not_allowed');
    expect((await refused({ weeklyLectureId: null })).code).toBe('files.weekly_lecture_required');
    expect((await refused({}, c.student.token)).status).toBe(403);
    await t.api(filesApi.uploadUrl, { token: c.staff.ta.token, body: body() });
  });
});
