import { buffer } from 'node:stream/consumers';
import { filesApi, profileImagesApi } from '@academy/contracts/files';
import { type Student, studentsApi } from '@academy/contracts/students';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { sendToUrl, uploadFile } from './files.testkit.ts';
import { files } from './files.table.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
let ta: TestAccount;
let kid: TestAccount;
let other: TestAccount;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ ta } = await makeStaff(t));
  [kid, other] = (await makeStudents(t, 2)) as [TestAccount, TestAccount];
  // A phone photo: landscape, turned by its EXIF orientation, with a description and GPS position.
  photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3366cc' } })
    .withExif({ IFD0: { ImageDescription: '서울 상계동 37.65N 127.06E', Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 39/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}, 60_000);
afterAll(() => t.close());

const upload = (token: string, body: Buffer, fileName = 'me.jpg') => uploadFile(t, { token, body, fileName, contentType: 'image/jpeg', kind: 'profile' });

describe('profile photos', () => {
  it('a student sets their photo: it is cropped square, resized to 256, re-encoded without EXIF, and shown to staff and to themselves', async () => {
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { fileId, done } = await upload(kid.token, photo);
    expect(done.status).toBe(200);
    expect(await t.api(profileImagesApi.setMine, { token: kid.token, body: { fileId } })).toMatchObject({ userId: kid.id, fileId });

    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, fileId));
    const stored = await buffer(await t.ctx.storage.read({ key: row!.storageKey }));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('TestPhone'))).toBe(false);
    expect(row).toMatchObject({ contentType: 'image/webp', size: stored.length });

    const urls = (token: string, userIds: number[]) => t.api(profileImagesApi.urls, { token, body: { userIds } });
    const staffView = await urls(ta.token, [kid.id, other.id]);
    expect(staffView).toHaveLength(1);
    const got = await sendToUrl(t, { url: staffView[0]!.url!, method: 'GET' });
    expect(got.status).toBe(200);
    expect(got.body.equals(stored)).toBe(true);
    // A student sees their own photo only.
    expect(await urls(other.token, [kid.id])).toEqual([]);
    expect(await urls(kid.token, [kid.id])).toHaveLength(1);
  });

  it('staff set a student’s photo from their own upload; a new photo replaces the old one', async () => {
    const { fileId } = await upload(ta.token, photo, 'other.jpg');
    const setFor = (fileId: number | null) => t.api(profileImagesApi.setForStudent, { token: ta.token, params: { id: other.id }, body: { fileId } });
    await setFor(fileId);
    const second = await upload(ta.token, photo, 'other2.jpg');
    await setFor(second.fileId);
    const [old] = await t.ctx.db.select().from(files).where(eq(files.id, fileId));
    expect(old!.deletedAt).not.toBeNull();
    expect(await setFor(null)).toEqual({ userId: other.id, fileId: null, url: null });
  });

  it('refuses someone else’s file, other kinds, non-images and bad ids with 400 naming the field', async () => {
    const { fileId } = await upload(ta.token, photo, 'staff.jpg');
    expect(await t.apiError(profileImagesApi.setMine, { token: kid.token, body: { fileId } })).toMatchObject({ status: 400, issues: [{ path: 'fileId' }] });
    expect((await t.apiError(filesApi.uploadUrl, { token: kid.token, body: { fileName: 'me.pdf', contentType: 'application/pdf', fileSize: 100, kind: 'profile' } })).status).toBe(400);
    // Not an id, which the contract forbids: sent by hand.
    expect((await t.call('POST', '/api/sp/profile-image', kid.token, { fileId: 'x' })).status).toBe(400);
    expect((await t.apiError(profileImagesApi.setForStudent, { token: kid.token, params: { id: kid.id }, body: { fileId: null } })).status).toBe(403);
  });

  it('a photo is set only through its own route: the student form cannot point at an unprocessed file', async () => {
    // Uploaded, but never set through the photo route: still the phone's JPEG, EXIF and GPS inside.
    const { fileId } = await upload(ta.token, photo, 'raw.jpg');
    // A field the student form's contract does not have: sent by hand, it must change nothing.
    const put = await t.call<Student>('PUT', `/api/students/${kid.id}`, ta.token, { memo: '사진 확인', profileImageFileId: fileId });
    expect(put.status).toBe(200);
    expect(put.json.profileImageFileId).not.toBe(fileId);
    const seen = await t.api(studentsApi.get, { token: ta.token, params: { id: kid.id } });
    expect(seen).toMatchObject({ memo: '사진 확인' });
    expect(seen.profileImageFileId).not.toBe(fileId);
  });
});
