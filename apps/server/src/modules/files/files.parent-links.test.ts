import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';
import { publicLinks } from '../../lib/links/links.table.ts';
import { files } from './files.table.ts';
import { makePdf, makeStudentWithParent, sendToUrl, uploadFile } from './files.testkit.ts';

let t: TestApp;
let dataDir: string;
let admin: string;
let ta: string;
let student: string;
let studentId: number;
let noPhoneId: number;
let managerId: number;
let wlId: number;
let fileId: number;
let otherFileId: number;
const DAY = 24 * 60 * 60 * 1000;

async function upload(fileName: string, body: Buffer): Promise<number> {
  const { fileId, done } = await uploadFile(t, { token: admin, body, fileName, weeklyLectureId: wlId });
  expect(done.status, JSON.stringify(done.json)).toBe(200);
  return fileId;
}

const setParentAccess = (id: number, on: boolean) => t.app.inject({ method: 'PUT', url: `/api/files/${id}/parent-access`, headers: bearer(admin), payload: { hasParentAccess: on } });
const createLinks = (opts: { id?: number; token?: string; payload: unknown }) =>
  t.app.inject({ method: 'POST', url: `/api/files/${opts.id ?? fileId}/parent-links`, headers: opts.token === '' ? {} : bearer(opts.token ?? ta), payload: opts.payload as object });
const openLink = (token: string) => t.app.inject({ method: 'GET', url: `/api/link/files/${token}` });
const tokenOf = (url: string) => url.split('/link/file/')[1]!;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'parent-links-test-'));
  t = await createTestApp({ seed: false, config: { dataDir, publicUrl: 'https://academy.example.kr/' } });
  const staff = await makeStaff(t);
  admin = staff.admin.token;
  ta = staff.ta.token;
  managerId = staff.manager.id;
  student = (await makeStudents(t, 1))[0]!.token;
  studentId = (await makeStudentWithParent(t, { token: admin, name: '최민준', parentPhone: '01098765432' })).id;
  noPhoneId = (await makeStudentWithParent(t, { token: admin, name: '강서연', parentPhone: null })).id;
  const lecture = await makeLecture(t, { adminToken: admin, students: [studentId, noPhoneId] });
  wlId = lecture.sessions.find((s) => s.participantCount > 0)!.id;
  fileId = await upload('3주차 이차함수 정리.pdf', await makePdf(2));
  otherFileId = await upload('4주차 비공개 자료.pdf', await makePdf(1));
}, 60_000);

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('parent links', () => {
  it('refuses a file whose parent access is off with 409 and a Korean message', async () => {
    const res = await createLinks({ payload: { studentIds: [studentId] } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'files.parent_access_off' });
    expect(res.json().message).toContain('학부모 공개');
  });

  it('creates a link per student, texts the parent phone with the link, and the parent opens it without a session', async () => {
    expect((await setParentAccess(fileId, true)).statusCode).toBe(200);
    const res = await createLinks({ payload: { studentIds: [studentId], expiresInDays: 7, sendSms: true } });
    expect(res.statusCode, res.body).toBe(200);
    const [link] = res.json().links;
    expect(link).toMatchObject({ fileId, studentId, studentName: '최민준', status: 'active', smsPhone: '01098765432', openCount: 0, createdByName: '박조교' });
    expect(link.url).toMatch(/^https:\/\/academy\.example\.kr\/link\/file\/[A-Za-z0-9_-]{32}$/);
    expect(new Date(link.expiresAt).getTime() - t.clock.now.getTime()).toBe(7 * DAY);

    const [sms] = await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'file_parent_link')).orderBy(desc(smsOutbox.id)).limit(1);
    expect(sms!.toPhone).toBe('01098765432');
    expect(sms!.body).toContain(`[학원] ${link.studentName} 학부모님, '3주차 이차함수 정리.pdf' 자료를 보내드립니다. ${link.url} (`);
    expect(sms!.body).toMatch(/\(\d{4}\. \d{1,2}\. \d{1,2}\.\([일월화수목금토]\)까지\)$/);
    expect(sms!.kind).toBe('LMS');

    // Only the hash is stored.
    const [row] = await t.ctx.db.select().from(publicLinks).where(eq(publicLinks.id, link.id));
    expect(row!.tokenHash).not.toContain(tokenOf(link.url));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const open = await openLink(tokenOf(link.url));
    expect(open.statusCode, open.body).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    const body = open.json();
    expect(body).toMatchObject({ fileName: '3주차 이차함수 정리.pdf', contentType: 'application/pdf', studentName: link.studentName, expiresAt: link.expiresAt });
    expect(body.fileSize).toBeGreaterThan(0);
    // A lecture material reaches the parent marked with their child's name (the student's own copy).
    const dl = await sendToUrl(t, { url: body.download.url, method: 'GET' });
    expect(dl.status).toBe(200);
    expect(dl.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(dl.body.length).toBe(body.fileSize);

    await openLink(tokenOf(link.url));
    const list = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}/parent-links`, headers: bearer(ta) });
    expect(list.statusCode).toBe(200);
    const listed = list.json().links.find((l: { id: number }) => l.id === link.id);
    expect(listed).toMatchObject({ openCount: 2, status: 'active', lastOpenedAt: expect.any(String), firstOpenedAt: expect.any(String) });
    expect(listed.url).toBeUndefined();
    // The students the session's permission grants, by name, with their parent's phone.
    expect(list.json().students).toEqual([
      { id: noPhoneId, name: '강서연', loginId: expect.any(String), parentPhone: null },
      { id: studentId, name: '최민준', loginId: expect.any(String), parentPhone: '01098765432' },
    ]);
    expect(listed).toMatchObject({ studentName: '최민준', createdByName: '박조교', smsPhone: '01098765432' });

    const audits = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'file.parent_link_create'), eq(auditLogs.entityId, String(link.id))));
    expect(audits).toHaveLength(1);
  });

  it('a link without a student serves the original file, with no SMS', async () => {
    const before = await t.ctx.db.select().from(smsOutbox);
    const res = await createLinks({ payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const [link] = res.json().links;
    expect(link).toMatchObject({ studentId: null, smsPhone: null });
    expect(new Date(link.expiresAt).getTime() - t.clock.now.getTime()).toBe(7 * DAY);
    expect(await t.ctx.db.select().from(smsOutbox)).toHaveLength(before.length);
    const open = await openLink(tokenOf(link.url));
    expect(open.statusCode).toBe(200);
    expect(open.json().studentName).toBeNull();
  });

  it('an unknown token is 404; an expired or revoked one says so (410) and what to do', async () => {
    const [expiring] = (await createLinks({ payload: { expiresInDays: 1 } })).json().links;
    const [revoking] = (await createLinks({ payload: {} })).json().links;

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/files/parent-links/${revoking.id}`, headers: bearer(ta) });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/files/parent-links/${revoking.id}`, headers: bearer(ta) });
    expect(again.json().revokedAt).toBe(revoke.json().revokedAt);
    const gone = await openLink(tokenOf(revoking.url));
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'links.revoked', message: expect.stringContaining('새 링크') });

    expect((await openLink(tokenOf(expiring.url))).statusCode).toBe(200);
    t.clock.advance(DAY + 1000);
    const expired = await openLink(tokenOf(expiring.url));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'links.expired', message: expect.stringContaining('기간이 지난') });

    expect((await openLink('A'.repeat(32))).json()).toMatchObject({ code: 'links.not_found' });
    expect((await openLink('not-a-token')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/files/parent-links/999999', headers: bearer(ta) })).statusCode).toBe(404);
    const audits = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'file.parent_link_revoke'), eq(auditLogs.entityId, String(revoking.id))));
    expect(audits).toHaveLength(1);
  });

  it('switching parent access off closes every link of the file; on again reopens the unexpired ones', async () => {
    const [link] = (await createLinks({ payload: { studentIds: [studentId] } })).json().links;
    expect((await openLink(tokenOf(link.url))).statusCode).toBe(200);
    await setParentAccess(fileId, false);
    const off = await openLink(tokenOf(link.url));
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe('links.not_found');
    await setParentAccess(fileId, true);
    expect((await openLink(tokenOf(link.url))).statusCode).toBe(200);
  });

  it('a token reaches only its own file', async () => {
    await setParentAccess(otherFileId, true);
    const [link] = (await createLinks({ payload: {} })).json().links;
    const open = (await openLink(tokenOf(link.url))).json();
    expect(open.fileName).toBe('3주차 이차함수 정리.pdf');
    // The signed URL is bound to this file's key; it cannot be bent to another object.
    const other = await t.app.inject({ method: 'GET', url: `/api/files/${otherFileId}/download-url` });
    expect(other.statusCode).toBe(401);
    const [mine, theirs] = await Promise.all([fileId, otherFileId].map(async (id) => (await t.ctx.db.select({ key: files.storageKey }).from(files).where(eq(files.id, id)))[0]!.key));
    expect(open.download.url).toContain(mine);
    const tampered = open.download.url.replace(mine!, theirs!);
    expect((await sendToUrl(t, { url: tampered, method: 'GET' })).status).toBe(403);
    // The token is not a session for anything else.
    const asBearer = await t.app.inject({ method: 'GET', url: `/api/files/${otherFileId}`, headers: { authorization: `Bearer ${tokenOf(link.url)}` } });
    expect(asBearer.statusCode).toBe(401);
    await setParentAccess(otherFileId, false);
  });

  it('students and anonymous callers cannot make, list or revoke links', async () => {
    expect((await createLinks({ token: student, payload: {} })).statusCode).toBe(403);
    expect((await createLinks({ token: '', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${fileId}/parent-links`, headers: bearer(student) })).statusCode).toBe(403);
    const [link] = (await createLinks({ payload: {} })).json().links;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/files/parent-links/${link.id}`, headers: bearer(student) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/files/parent-links/${link.id}` })).statusCode).toBe(401);
  });

  it('bad input is refused with a message naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ expiresInDays: 31 }, 'expiresInDays'],
      [{ expiresInDays: 0 }, 'expiresInDays'],
      [{ expiresInDays: 1.5 }, 'expiresInDays'],
      [{ studentIds: ['abc'] }, 'studentIds'],
      [{ sendSms: 'yes' }, 'sendSms'],
      [{ sendSms: true }, 'studentIds'],
      [{ studentIds: [999999] }, 'studentIds'],
    ];
    for (const [payload, field] of cases) {
      const res = await createLinks({ payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues[0].path, JSON.stringify(payload)).toMatch(new RegExp(`^${field}`));
    }
    const notStudent = await createLinks({ payload: { studentIds: [managerId] } });
    expect(notStudent.statusCode).toBe(400);
    expect(notStudent.json().code).toBe('links.student_invalid');
    const linksBefore = await t.ctx.db.select().from(publicLinks);
    const smsBefore = await t.ctx.db.select().from(smsOutbox);
    const noPhone = await createLinks({ payload: { studentIds: [studentId, noPhoneId], sendSms: true } });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toMatchObject({ code: 'links.parent_phone_missing' });
    expect(noPhone.json().message).toBe('학부모 연락처가 없는 학생이 있습니다 (강서연)');
    // Nothing is made or texted, not even for the student whose parent has a phone.
    expect(await t.ctx.db.select().from(publicLinks)).toHaveLength(linksBefore.length);
    expect(await t.ctx.db.select().from(smsOutbox)).toHaveLength(smsBefore.length);
    expect((await createLinks({ id: 999999, payload: {} })).statusCode).toBe(404);
  });
});
