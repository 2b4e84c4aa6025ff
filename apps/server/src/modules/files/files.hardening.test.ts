import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { filesApi } from '@academy/contracts/files';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, outcomeOf } from '../../../test/harness.ts';
import { files } from './files.table.ts';
import { makeFileClass, makePdf, sendToUrl, sha256, uploadFile } from './files.testkit.ts';

let t: TestApp;
let dataDir: string;
let c: Awaited<ReturnType<typeof makeFileClass>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'files-hardening-'));
  t = await createTestApp({ seed: false, config: { dataDir, uploads: { quotaBytes: { student: 1024 * 1024, staff: 0 }, perMinute: 5 } } });
  c = await makeFileClass(t);
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const MB = 1024 * 1024;

describe('files the server opens are opened under limits', () => {
  it('a 300 KB PNG that decodes to 100 million pixels: the watermark is refused in Korean, the server carries on', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { fileId, done } = await uploadFile(t, { token: c.staff.admin.token, body: bomb, fileName: '판서.png', contentType: 'image/png', weeklyLectureId: c.wlId });
    expect(done.status).toBe(200);
    // Decoded, the image would take 300 MB: what counts is that the process did not grow by it.
    const rss = process.memoryUsage.rss();
    const wm = await t.app.inject({ method: 'POST', url: `/api/files/${fileId}/watermark`, headers: bearer(c.student.token), payload: {} });
    expect(wm.statusCode).toBe(400);
    expect(wm.json()).toMatchObject({ code: 'files.watermark_failed', message: expect.stringContaining('화소') });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(process.memoryUsage.rss() - rss).toBeLessThan(200 * MB);
  }, 60_000);

  it('a lecture PDF too large to watermark is refused before any byte is sent', async () => {
    const res = await t.apiError(filesApi.uploadUrl, { token: c.staff.admin.token, body: { fileName: '교재 전체.pdf', contentType: 'application/pdf', fileSize: 300 * 1024 * 1024, kind: 'material', weeklyLectureId: c.wlId } });
    expect(res).toMatchObject({ status: 400, code: 'files.too_large', message: expect.stringContaining('워터마크') });
  });
});

describe('a checked upload cannot be replaced', () => {
  it('after upload-done the same signed PUT URL is refused, and the file still holds what was checked', async () => {
    const pdf = await makePdf(1);
    const { url, headers, file } = await t.api(filesApi.uploadUrl, { token: c.staff.admin.token, body: { fileName: '1주차.pdf', contentType: 'application/pdf', fileSize: pdf.length, kind: 'material', weeklyLectureId: c.wlId } });
    expect((await sendToUrl(t, { url, method: 'PUT', body: pdf, headers })).status).toBe(200);
    // Before the check too: the URL has written once.
    const script = Buffer.from('<html><script>alert(1)</script>');
    const html = Buffer.concat([script, Buffer.alloc(pdf.length - script.length, 32)]);
    expect((await sendToUrl(t, { url, method: 'PUT', body: html, headers })).status).toBe(409);
    await t.api(filesApi.uploadDone, { token: c.staff.admin.token, params: { id: file.id }, body: { sha256: sha256(pdf) } });
    const swap = await sendToUrl(t, { url, method: 'PUT', body: html, headers });
    expect(swap.status).toBe(409);
    expect(JSON.parse(swap.body.toString())).toMatchObject({ code: 'files.upload_closed', message: expect.stringContaining('업로드') });
    const dl = await t.api(filesApi.downloadUrl, { token: c.staff.admin.token, params: { id: file.id } });
    expect(sha256((await sendToUrl(t, { url: dl.url, method: 'GET' })).body)).toBe(sha256(pdf));
  });

  it('bytes changed in storage after the check are refused when read (hash checked on read)', async () => {
    const pdf = await makePdf(1);
    const { fileId, done } = await uploadFile(t, { token: c.staff.admin.token, body: pdf, fileName: '2주차.pdf', weeklyLectureId: c.wlId });
    expect(done.status).toBe(200);
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, fileId));
    await writeFile(path.join(dataDir, 'storage', 'objects', row!.storageKey), Buffer.concat([pdf.subarray(0, pdf.length - 1), Buffer.from('x')]));
    const wm = await t.app.inject({ method: 'POST', url: `/api/files/${fileId}/watermark`, headers: bearer(c.student.token), payload: {} });
    expect(wm.statusCode).toBe(409);
    expect(wm.json()).toMatchObject({ code: 'files.content_changed' });
  });
});

describe('per-account storage quota and upload rate', () => {
  const input = (token: string, size: number, name = '과제.pdf') =>
    ({ token, body: { fileName: name, contentType: 'application/pdf', fileSize: size, kind: 'homework' as const, weeklyLectureId: c.wlId } });
  /** The upload started (200), or the refusal. */
  const start = (token: string, size: number, name?: string) => outcomeOf(t.api(filesApi.uploadUrl, input(token, size, name)));

  it('a student may keep 1 MB here (UPLOAD_QUOTA_STUDENT_MB): pending uploads count', async () => {
    await t.api(filesApi.uploadUrl, input(c.student.token, 700 * 1024));
    expect(await t.apiError(filesApi.uploadUrl, input(c.student.token, 400 * 1024))).toMatchObject({ status: 409, code: 'files.quota_exceeded', message: expect.stringContaining('저장 공간') });
    await t.api(filesApi.uploadUrl, input(c.student.token, 200 * 1024));
  });

  it('50 uploads started at once by one student: only the per-minute allowance (5 here) goes through', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => start(c.classmate.token, 1000, `과제${i}.pdf`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 429 && r.code === 'files.rate_limited')).toBe(true);
    expect(refused[0]!.message).toContain('1분에 5개');
  });
});
