import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeFileClass, makePdf, uploadFile } from './files.testkit.ts';

/** Issue 16, item 7: a student reading a file's facts does not see the staff's memo. */

let t: TestApp;
let c: Awaited<ReturnType<typeof makeFileClass>>;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  c = await makeFileClass(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/files/{id}', () => {
  it('gives students a view without the staff memo; staff see it', async () => {
    const { fileId } = await uploadFile(t, { token: c.staff.admin.token, body: await makePdf(1), fileName: '프린트.pdf', weeklyLectureId: c.wlId });
    expect((await t.call('PUT', `/api/files/${fileId}/memo`, c.staff.admin.token, { memo: '결석생 3명 따로 연락' })).status).toBe(200);
    const asStudent = await t.call('GET', `/api/files/${fileId}`, c.student.token);
    expect(asStudent.status).toBe(200);
    expect(asStudent.json).toMatchObject({ id: fileId, fileName: '프린트.pdf', memo: '' });
    expect(JSON.stringify(asStudent.json)).not.toContain('결석생');
    expect((await t.call('GET', `/api/files/${fileId}`, c.staff.ta.token)).json.memo).toBe('결석생 3명 따로 연락');
  });

  it('strips bidirectional overrides from file names', async () => {
    const { fileId } = await uploadFile(t, { token: c.staff.admin.token, body: await makePdf(1), fileName: '숙제\u202E\u2066fdp.pdf', weeklyLectureId: c.wlId });
    expect((await t.call('GET', `/api/files/${fileId}`, c.staff.admin.token)).json.fileName).toBe('숙제fdp.pdf');
  });
});
