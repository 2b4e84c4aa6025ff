import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { objectStreamBomb } from '../../lib/pdf/pdf.testkit.ts';
import { makeFileClass, uploadFile } from './files.testkit.ts';

/**
 * A lecture PDF whose object stream inflates to 300 MB (issue 34 item 3): a student's
 * watermarked copy is refused in Korean before pdf-lib opens it, in the capped worker process;
 * the server answers and does not grow.
 */
const MB = 1024 * 1024;
let t: TestApp;
let c: Awaited<ReturnType<typeof makeFileClass>>;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  c = await makeFileClass(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('watermarking a PDF bomb (issue 34 item 3)', () => {
  it('is refused with the PDF budget message; the server carries on', async () => {
    const bomb = await objectStreamBomb();
    const { fileId, done } = await uploadFile(t, { token: c.staff.admin.token, body: bomb, fileName: '자료.pdf', weeklyLectureId: c.wlId });
    expect(done.status).toBe(200);
    const rss = process.memoryUsage.rss();
    const wm = await t.app.inject({ method: 'POST', url: `/api/files/${fileId}/watermark`, headers: bearer(c.student.token), payload: {} });
    expect(wm.statusCode).toBe(400);
    expect(wm.json()).toMatchObject({ code: 'files.watermark_failed', message: expect.stringContaining('읽을 수 없는 PDF') });
    expect(process.memoryUsage.rss() - rss).toBeLessThan(200 * MB);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 120_000);
});
