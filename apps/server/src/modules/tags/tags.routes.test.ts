import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { makeProfiledStudents } from '../students/students.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { userTags } from './tags.table.ts';

let t: TestApp;
let admin: TestAccount;
let ta: TestAccount;
let student: TestAccount;
let studentIds: number[];

type Tag = { id: number; name: string; color: string; priority: number; userCount: number };
const NAMES = ['재원생', '신규', '장학생', '클리닉 필수', '퇴원 예정'];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin, ta } = await makeStaff(t));
  student = (await makeStudents(t, 1))[0]!;
  for (const name of NAMES) await t.call('POST', '/api/tags', ta.token, { name, color: '#2e7d32' });
  const regular = (await listTags())[0]!.id;
  studentIds = (await makeProfiledStudents(t, { token: ta.token, count: 8, each: (i) => ({ tagIds: i < 3 ? [regular] : [] }) })).map((s) => s.id);
}, 120_000);
afterAll(() => t.close());

const listTags = async () => (await t.call('GET', '/api/tags', ta.token)).json as Tag[];
const pairCount = async () => (await t.ctx.db.select({ n: count() }).from(userTags))[0]!.n;

describe('tags', () => {
  it('lists the tags in order with live user counts; students cannot read them', async () => {
    const tags = await listTags();
    expect(tags.map((x) => x.name)).toEqual(NAMES);
    expect(tags.map((x) => x.priority)).toEqual([0, 1, 2, 3, 4]);
    expect(tags[0]!.userCount).toBe(3);
    // A deleted student keeps its tags (for a restore) but is not counted.
    await t.call('POST', '/api/students/delete', admin.token, { ids: [studentIds[0]] });
    expect((await listTags())[0]!.userCount).toBe(2);
    await t.call('POST', '/api/students/restore', admin.token, { ids: [studentIds[0]] });
    expect((await listTags())[0]!.userCount).toBe(3);
    expect((await t.call('GET', '/api/tags', student.token)).status).toBe(403);
  });

  it('creates (last in order), updates and refuses duplicates and bad colours', async () => {
    const created = await t.call('POST', '/api/tags', ta.token, { name: '수능반', color: '#00897b' });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ name: '수능반', color: '#00897b', priority: 5, userCount: 0 });
    const tags = await listTags();
    expect(tags.at(-1)).toMatchObject({ name: '수능반', color: '#00897b', userCount: 0 });
    const dup = await t.call('POST', '/api/tags', ta.token, { name: '신규', color: '#000000' });
    expect(dup.status).toBe(409);
    expect(dup.json).toMatchObject({ code: 'tags.name_taken', issues: [expect.objectContaining({ path: 'name' })] });
    const color = await t.call('POST', '/api/tags', ta.token, { name: '빨강', color: 'red' });
    expect(color.status).toBe(400);
    expect(color.json.message).toMatch(/색상은 #RRGGBB/);
    const empty = await t.call('POST', '/api/tags', ta.token, { name: ' ', color: '#000000' });
    expect(empty.json.issues[0].path).toBe('name');
    const upd = await t.call('PUT', `/api/tags/${created.json.id}`, ta.token, { name: '수능 집중반', color: '#123456' });
    expect(upd.json).toMatchObject({ name: '수능 집중반', color: '#123456' });
    const renameDup = await t.call('PUT', `/api/tags/${created.json.id}`, ta.token, { name: '장학생' });
    expect(renameDup.status).toBe(409);
    expect((await t.call('PUT', '/api/tags/99999', ta.token, { name: 'x' })).status).toBe(404);
    expect((await t.call('POST', '/api/tags', student.token, { name: '학생태그', color: '#000000' })).status).toBe(403);
  });

  it('reorders with the full order in one call and refuses partial or unknown orders', async () => {
    const tags = await listTags();
    const reversed = [...tags].reverse().map((x) => x.id);
    const res = await t.call('PUT', '/api/tags/update-tag-priority', ta.token, { tagIds: reversed });
    expect(res.status).toBe(200);
    expect(res.json.map((x: Tag) => x.id)).toEqual(reversed);
    expect((await listTags()).map((x) => x.priority)).toEqual(reversed.map((_, i) => i));
    const partial = await t.call('PUT', '/api/tags/update-tag-priority', ta.token, { tagIds: reversed.slice(1) });
    expect(partial.status).toBe(400);
    expect(partial.json.code).toBe('tags.priority_incomplete');
    const unknown = await t.call('PUT', '/api/tags/update-tag-priority', ta.token, { tagIds: [...reversed.slice(1), 99999] });
    expect(unknown.json.code).toBe('tags.unknown');
    const twice = await t.call('PUT', '/api/tags/update-tag-priority', ta.token, { tagIds: [...reversed.slice(1), reversed[1]] });
    expect(twice.json.code).toBe('tags.priority_duplicate');
    expect((await listTags()).map((x) => x.id)).toEqual(reversed);
    // Students show their tags in the new order.
    const studentTags = (await t.call('PUT', `/api/students/${studentIds[7]}`, ta.token, { tagIds: [tags[0]!.id, tags[1]!.id] })).json.tags as { id: number }[];
    expect(studentTags.map((x) => x.id)).toEqual([tags[1]!.id, tags[0]!.id]);
  });

  it('adds to and removes from many users at once; unknown tags or users change nothing', async () => {
    const [tag] = (await listTags()).filter((x) => x.name === '수능 집중반');
    const ids = studentIds.slice(0, 6);
    const add = await t.call('POST', '/api/tags/add-to-users', ta.token, { tagIds: [tag!.id], userIds: ids });
    expect(add.json).toEqual({ addedCount: 6 });
    const again = await t.call('POST', '/api/tags/add-to-users', ta.token, { tagIds: [tag!.id], userIds: ids });
    expect(again.json).toEqual({ addedCount: 0 });
    expect((await listTags()).find((x) => x.id === tag!.id)!.userCount).toBe(6);
    const withTag = (await t.call('GET', `/api/students?tagIds=${tag!.id}&pageSize=100`, ta.token)).json;
    expect(withTag.nodes.map((s: { id: number }) => s.id).sort()).toEqual([...ids].sort());
    const before = await pairCount();
    const badTag = await t.call('POST', '/api/tags/add-to-users', ta.token, { tagIds: [tag!.id, 99999], userIds: ids });
    expect(badTag.status).toBe(400);
    expect(badTag.json).toMatchObject({ code: 'tags.unknown', message: expect.stringMatching(/.*99999/) });
    const badUser = await t.call('POST', '/api/tags/remove-from-users', ta.token, { tagIds: [tag!.id], userIds: [...ids, 888888] });
    expect(badUser.status).toBe(400);
    expect(badUser.json).toMatchObject({ code: 'users.unknown_ids', message: expect.stringMatching(/.*888888/) });
    expect(await pairCount()).toBe(before);
    const remove = await t.call('POST', '/api/tags/remove-from-users', ta.token, { tagIds: [tag!.id], userIds: ids.slice(0, 4) });
    expect(remove.json).toEqual({ removedCount: 4 });
    const audits = await t.ctx.db.select({ n: count() }).from(auditLogs).where(inArray(auditLogs.action, ['tag.add_to_user', 'tag.remove_from_user']));
    expect(audits[0]!.n).toBe(10);
  });

  it('deletes a tag (admin only) and strips it from everyone', async () => {
    const [tag] = (await listTags()).filter((x) => x.name === '수능 집중반');
    expect((await t.call('DELETE', `/api/tags/${tag!.id}`, ta.token)).status).toBe(403);
    const del = await t.call('DELETE', `/api/tags/${tag!.id}`, admin.token);
    expect(del.json).toEqual({ id: tag!.id });
    expect((await listTags()).some((x) => x.id === tag!.id)).toBe(false);
    expect(await t.ctx.db.select().from(userTags).where(eq(userTags.tagId, tag!.id))).toHaveLength(0);
    const [audit] = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'tag.delete'), eq(auditLogs.entityId, String(tag!.id))));
    expect(audit!.before).toMatchObject({ name: '수능 집중반', userIds: expect.arrayContaining([studentIds[4], studentIds[5]]) });
    expect((await t.call('DELETE', `/api/tags/${tag!.id}`, admin.token)).status).toBe(404);
  });
});
