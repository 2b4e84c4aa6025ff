import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeFileClass, uploadFile } from './files.testkit.ts';

let t: TestApp;
let dataDir: string;
let c: Awaited<ReturnType<typeof makeFileClass>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'files-hardening-'));
  t = await createTestApp({ seed: false, config: { dataDir } });
  c = await makeFileClass(t);
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const GB = 1024 * 1024 * 1024;

describe('files the server opens are opened under limits (issue 16 item 1)', () => {
  it('a 300 KB PNG that decodes to 100 million pixels: the watermark is refused in Korean, the server carries on', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { fileId, done } = await uploadFile(t, { token: c.staff.admin.token, body: bomb, fileName: '판서.png', contentType: 'image/png', weeklyLectureId: c.wlId });
    expect(done.status).toBe(200);
    const wm = await t.app.inject({ method: 'POST', url: `/api/files/${fileId}/watermark`, headers: bearer(c.student.token), payload: {} });
    expect(wm.statusCode).toBe(400);
    expect(wm.json()).toMatchObject({ code: 'files.watermark_failed', message: expect.stringContaining('화소') });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(process.memoryUsage.rss()).toBeLessThan(GB);
  }, 60_000);

  it('a lecture PDF too large to watermark is refused before any byte is sent', async () => {
    const res = await t.call('POST', '/api/files/upload-url', c.staff.admin.token, { fileName: '교재 전체.pdf', contentType: 'application/pdf', fileSize: 300 * 1024 * 1024, kind: 'material', weeklyLectureId: c.wlId });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'files.too_large', message: expect.stringContaining('워터마크') });
  });
});
