import { studentsApi } from '@academy/contracts/students';
import { tagsApi } from '@academy/contracts/tags';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { makeProfiledStudents } from '../students/students.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { userTags } from './tags.table.ts';
import { makeTags } from './tags.testkit.ts';

let t: TestApp;
let admin: TestAccount;
let ta: TestAccount;
let student: TestAccount;
let studentIds: number[];

const NAMES = ['재원생', '신규', '장학생', '클리닉 필수', '퇴원 예정'];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin, ta } = await makeStaff(t));
  student = (await makeStudents(t, 1))[0]!;
  await makeTags(t, { token: ta.token, names: NAMES });
  const regular = (await listTags())[0]!.id;
  studentIds = (await makeProfiledStudents(t, { token: ta.token, count: 8, each: (i) => ({ tagIds: i < 3 ? [regular] : [] }) })).map((s) => s.id);
}, 120_000);
afterAll(() => t.close());

const listTags = () => t.api(tagsApi.list, { token: ta.token });
const pairCount = async () => (await t.ctx.db.select({ n: count() }).from(userTags))[0]!.n;

describe('tags', () => {
  it('lists the tags in order with live user counts; students cannot read them', async () => {
    const tags = await listTags();
    expect(tags.map((x) => x.name)).toEqual(NAMES);
    expect(tags.map((x) => x.priority)).toEqual([0, 1, 2, 3, 4]);
    expect(tags[0]!.userCount).toBe(3);
    // A deleted student keeps its tags (for a restore) but is not counted.
    await t.api(studentsApi.delete, { token: admin.token, body: { ids: [studentIds[0]!] } });
    expect((await listTags())[0]!.userCount).toBe(2);
    await t.api(studentsApi.restore, { token: admin.token, body: { ids: [studentIds[0]!] } });
    expect((await listTags())[0]!.userCount).toBe(3);
    expect((await t.apiError(tagsApi.list, { token: student.token })).status).toBe(403);
  });

  it('creates (last in order), updates and refuses duplicates and bad colours', async () => {
    const created = await t.api(tagsApi.create, { token: ta.token, body: { name: '수능반', color: '#00897b' } });
    expect(created).toMatchObject({ name: '수능반', color: '#00897b', priority: 5, userCount: 0 });
    const tags = await listTags();
    expect(tags.at(-1)).toMatchObject({ name: '수능반', color: '#00897b', userCount: 0 });
    const dup = await t.apiError(tagsApi.create, { token: ta.token, body: { name: '신규', color: '#000000' } });
    expect(dup).toMatchObject({ status: 409, code: 'tags.name_taken', issues: [expect.objectContaining({ path: 'name' })] });
    const color = await t.apiError(tagsApi.create, { token: ta.token, body: { name: '빨강', color: 'red' } });
    expect(color.status).toBe(400);
    expect(color.message).toMatch(/색상은 #RRGGBB/);
    const empty = await t.apiError(tagsApi.create, { token: ta.token, body: { name: ' ', color: '#000000' } });
    expect(empty.issues?.[0]?.path).toBe('name');
    const upd = await t.api(tagsApi.update, { token: ta.token, params: { id: created.id }, body: { name: '수능 집중반', color: '#123456' } });
    expect(upd).toMatchObject({ name: '수능 집중반', color: '#123456' });
    const renameDup = await t.apiError(tagsApi.update, { token: ta.token, params: { id: created.id }, body: { name: '장학생' } });
    expect(renameDup.status).toBe(409);
    expect((await t.apiError(tagsApi.update, { token: ta.token, params: { id: 99999 }, body: { name: 'x' } })).status).toBe(404);
    expect((await t.apiError(tagsApi.create, { token: student.token, body: { name: '학생태그', color: '#000000' } })).status).toBe(403);
  });

  it('reorders with the full order in one call and refuses partial or unknown orders', async () => {
    const tags = await listTags();
    const reversed = [...tags].reverse().map((x) => x.id);
    const res = await t.api(tagsApi.reorder, { token: ta.token, body: { tagIds: reversed } });
    expect(res.map((x) => x.id)).toEqual(reversed);
    expect((await listTags()).map((x) => x.priority)).toEqual(reversed.map((_, i) => i));
    const partial = await t.apiError(tagsApi.reorder, { token: ta.token, body: { tagIds: reversed.slice(1) } });
    expect(partial).toMatchObject({ status: 400, code: 'tags.priority_incomplete' });
    const unknown = await t.apiError(tagsApi.reorder, { token: ta.token, body: { tagIds: [...reversed.slice(1), 99999] } });
    expect(unknown.code).toBe('tags.unknown');
    const twice = await t.apiError(tagsApi.reorder, { token: ta.token, body: { tagIds: [...reversed.slice(1), reversed[1]!] } });
    expect(twice.code).toBe('tags.priority_duplicate');
    expect((await listTags()).map((x) => x.id)).toEqual(reversed);
    // Students show their tags in the new order.
    const studentTags = (await t.api(studentsApi.update, { token: ta.token, params: { id: studentIds[7]! }, body: { tagIds: [tags[0]!.id, tags[1]!.id] } })).tags;
    expect(studentTags.map((x) => x.id)).toEqual([tags[1]!.id, tags[0]!.id]);
  });

  it('adds to and removes from many users at once; unknown tags or users change nothing', async () => {
    const [tag] = (await listTags()).filter((x) => x.name === '수능 집중반');
    const ids = studentIds.slice(0, 6);
    const add = await t.api(tagsApi.addToUsers, { token: ta.token, body: { tagIds: [tag!.id], userIds: ids } });
    expect(add).toEqual({ addedCount: 6 });
    const again = await t.api(tagsApi.addToUsers, { token: ta.token, body: { tagIds: [tag!.id], userIds: ids } });
    expect(again).toEqual({ addedCount: 0 });
    expect((await listTags()).find((x) => x.id === tag!.id)!.userCount).toBe(6);
    const withTag = await t.api(studentsApi.list, { token: ta.token, query: { tagIds: String(tag!.id), pageSize: 100 } });
    expect(withTag.nodes.map((s) => s.id).sort()).toEqual([...ids].sort());
    const before = await pairCount();
    const badTag = await t.apiError(tagsApi.addToUsers, { token: ta.token, body: { tagIds: [tag!.id, 99999], userIds: ids } });
    expect(badTag).toMatchObject({ status: 400, code: 'tags.unknown', message: expect.stringMatching(/.*99999/) });
    const badUser = await t.apiError(tagsApi.removeFromUsers, { token: ta.token, body: { tagIds: [tag!.id], userIds: [...ids, 888888] } });
    expect(badUser).toMatchObject({ status: 400, code: 'users.unknown_ids', message: expect.stringMatching(/.*888888/) });
    expect(await pairCount()).toBe(before);
    const remove = await t.api(tagsApi.removeFromUsers, { token: ta.token, body: { tagIds: [tag!.id], userIds: ids.slice(0, 4) } });
    expect(remove).toEqual({ removedCount: 4 });
    const audits = await t.ctx.db.select({ n: count() }).from(auditLogs).where(inArray(auditLogs.action, ['tag.add_to_user', 'tag.remove_from_user']));
    expect(audits[0]!.n).toBe(10);
  });

  it('deletes a tag (admin only) and strips it from everyone', async () => {
    const [tag] = (await listTags()).filter((x) => x.name === '수능 집중반');
    expect((await t.apiError(tagsApi.delete, { token: ta.token, params: { id: tag!.id } })).status).toBe(403);
    const del = await t.api(tagsApi.delete, { token: admin.token, params: { id: tag!.id } });
    expect(del).toEqual({ id: tag!.id });
    expect((await listTags()).some((x) => x.id === tag!.id)).toBe(false);
    expect(await t.ctx.db.select().from(userTags).where(eq(userTags.tagId, tag!.id))).toHaveLength(0);
    const [audit] = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'tag.delete'), eq(auditLogs.entityId, String(tag!.id))));
    expect(audit!.before).toMatchObject({ name: '수능 집중반', userIds: expect.arrayContaining([studentIds[4], studentIds[5]]) });
    expect((await t.apiError(tagsApi.delete, { token: admin.token, params: { id: tag!.id } })).status).toBe(404);
  });
});
