import { type Student, studentsApi } from '@academy/contracts/students';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { makeTags } from '../tags/tags.testkit.ts';
import { makeProfiledStudents } from './students.testkit.ts';

let t: TestApp;
let admin: TestAccount;
let ta: TestAccount;
let picked: Student[];
let others: Student[];
let tagId: number;

// More than one grid page (20 rows) of students at 선택고, plus some elsewhere the filter must not touch.
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin, ta } = await makeStaff(t));
  tagId = (await makeTags(t, { token: ta.token, names: ['겨울특강'], color: '#1565c0' }))[0]!.id;
  picked = await makeProfiledStudents(t, { token: ta.token, count: 25, each: (i) => ({ loginId: `sel${String(i).padStart(2, '0')}`, school: '선택고', grade: '고1' }) });
  others = await makeProfiledStudents(t, { token: ta.token, count: 3, each: (i) => ({ loginId: `oth${i}`, school: '다른고', grade: '고1' }) });
});
afterAll(() => t?.close());

const list = (query: ApiInput<typeof studentsApi.list>['query']) => t.api(studentsApi.list, { token: ta.token, query: { pageSize: 1000, ...query } });
const filter = { school: ['선택고'], grade: ['고1'] };

describe('bulk actions on "검색된 N명 모두 선택" (a filter instead of ids)', () => {
  it('tags every matching student across pages except the excluded ones, and nobody else', async () => {
    const res = await t.api(studentsApi.addTags, { token: ta.token, body: { filter, excludeIds: [picked[0]!.id], tagIds: [tagId] } });
    expect(res).toEqual({ addedCount: 24 });
    const tagged = await list({ tagIds: [tagId] });
    expect(tagged.nodes.map((s) => s.id).sort((a, b) => a - b)).toEqual(picked.slice(1).map((s) => s.id).sort((a, b) => a - b));
    const removed = await t.api(studentsApi.removeTags, { token: ta.token, body: { filter: { ...filter, search: 'sel1' }, tagIds: [tagId] } });
    expect(removed).toEqual({ removedCount: 10 });
  });

  it('is all-or-nothing: an unknown tag leaves every matching student untagged', async () => {
    const res = await t.apiError(studentsApi.addTags, { token: ta.token, body: { filter: { school: ['다른고'] }, tagIds: [tagId, 999999] } });
    expect(res.status).toBe(400);
    expect((await list({ school: ['다른고'], tagIds: [tagId] })).totalCount).toBe(0);
  });

  it('toggles status, deletes and restores by filter', async () => {
    const off = await t.api(studentsApi.toggleStatus, { token: ta.token, body: { filter, isActive: false } });
    expect(off.updatedCount).toBe(25);
    expect((await list({ school: ['선택고'], status: 'inactive' })).totalCount).toBe(25);
    expect((await list({ school: ['다른고'] })).totalCount).toBe(3);
    const del = await t.api(studentsApi.delete, { token: admin.token, body: { filter: { ...filter, status: 'inactive' }, excludeIds: [picked[1]!.id] } });
    expect(del).toEqual({ deletedCount: 24 });
    expect((await list({ school: ['선택고'], status: 'deleted' })).totalCount).toBe(24);
    const restore = await t.api(studentsApi.restore, { token: admin.token, body: { filter: { school: ['선택고'] } } });
    expect(restore).toEqual({ restoredCount: 24 });
    expect((await list({ school: ['선택고'], status: 'inactive' })).totalCount).toBe(25);
    expect((await list({ school: ['다른고'] })).nodes.map((s) => s.id).sort()).toEqual(others.map((s) => s.id).sort());
  });

  it('resets passwords by filter (admin) and refuses a filter matching nobody', async () => {
    const reset = await t.api(studentsApi.batchChangePassword, { token: admin.token, body: { filter: { school: ['다른고'] } } });
    expect(reset).toEqual({ updatedCount: 3 });
    const none = await t.apiError(studentsApi.batchChangePassword, { token: admin.token, body: { filter: { search: '없는학생이름' } } });
    expect(none.status).toBe(400);
    expect(none).toMatchObject({ code: 'students.unknown_ids', message: '검색 조건에 맞는 학생이 없습니다' });
  });

  it('takes exactly one of ids and filter, with a Korean message', async () => {
    const both = await t.apiError(studentsApi.toggleStatus, { token: ta.token, body: { ids: [picked[0]!.id], filter } });
    expect(both.status).toBe(400);
    expect(both.message).toContain('하나를 보내 주세요');
    const neither = await t.apiError(studentsApi.addTags, { token: ta.token, body: { tagIds: [tagId] } });
    expect(neither.status).toBe(400);
    const excludeWithIds = await t.apiError(studentsApi.toggleStatus, { token: ta.token, body: { ids: [picked[0]!.id], excludeIds: [picked[1]!.id] } });
    expect(excludeWithIds.status).toBe(400);
    expect(excludeWithIds.issues![0]!.path).toBe('excludeIds');
  });
});
