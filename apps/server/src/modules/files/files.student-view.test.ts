import { filesApi } from '@academy/contracts/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeFileClass, makePdf, uploadFile } from './files.testkit.ts';

/** A student reading a file's facts does not see the staff's memo. */

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
    await t.api(filesApi.updateMemo, { token: c.staff.admin.token, params: { id: fileId }, body: { memo: '결석생 3명 따로 연락' } });
    const asStudent = await t.api(filesApi.get, { token: c.student.token, params: { id: fileId } });
    expect(asStudent).toMatchObject({ id: fileId, fileName: '프린트.pdf', memo: '' });
    expect(JSON.stringify(asStudent)).not.toContain('결석생');
    expect((await t.api(filesApi.get, { token: c.staff.ta.token, params: { id: fileId } })).memo).toBe('결석생 3명 따로 연락');
  });

  it('strips bidirectional overrides from file names', async () => {
    const { fileId } = await uploadFile(t, { token: c.staff.admin.token, body: await makePdf(1), fileName: '숙제\u202E\u2066fdp.pdf', weeklyLectureId: c.wlId });
    expect((await t.api(filesApi.get, { token: c.staff.admin.token, params: { id: fileId } })).fileName).toBe('숙제fdp.pdf');
  });
});
