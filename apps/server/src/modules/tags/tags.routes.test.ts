import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let admin: Record<string, string>;
let ta: Record<string, string>;
let student: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.login('admin', 'admin1234!'));
  ta = bearer(await t.login('ta01', 'ta1234!'));
  student = bearer(await t.login('student01', 'student1234!'));
});
afterAll(() => t.close());

type Tag = { id: number; name: string; color: string; priority: number; userCount: number };
const listTags = async () => (await t.app.inject({ url: '/api/tags', headers: ta })).json() as Tag[];
const studentIds = async (n: number) =>
  ((await t.app.inject({ url: `/api/students?pageSize=${n}&sortField=loginId`, headers: ta })).json().nodes as { id: number }[]).map((s) => s.id);
const pairCount = async () => Number((await t.database.query<{ n: number }>('select count(*)::int as n from user_tags'))[0]!.n);

describe('tags', () => {
  it('lists the demo tags in order; students cannot read them', async () => {
    const tags = await listTags();
    expect(tags.map((x) => x.name)).toEqual(['재원생', '신규', '장학생', '클리닉 필수', '퇴원 예정']);
    expect(tags[0]!.userCount).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/tags', headers: student })).statusCode).toBe(403);
  });

  it('creates (last in order), updates and refuses duplicates and bad colours', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/tags', headers: ta, payload: { name: '수능반', color: '#00897b' } });
    expect(created.statusCode).toBe(200);
    const tags = await listTags();
    expect(tags.at(-1)).toMatchObject({ name: '수능반', color: '#00897b', userCount: 0 });
    const dup = await t.app.inject({ method: 'POST', url: '/api/tags', headers: ta, payload: { name: '신규', color: '#000000' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/^name: /);
    const color = await t.app.inject({ method: 'POST', url: '/api/tags', headers: ta, payload: { name: '빨강', color: 'red' } });
    expect(color.statusCode).toBe(400);
    expect(color.json().message).toMatch(/^color: 색상은 #RRGGBB/);
    const empty = await t.app.inject({ method: 'POST', url: '/api/tags', headers: ta, payload: { name: ' ', color: '#000000' } });
    expect(empty.json().message).toMatch(/^name: /);
    const upd = await t.app.inject({ method: 'PUT', url: `/api/tags/${created.json().id}`, headers: ta, payload: { name: '수능 집중반', color: '#123456' } });
    expect(upd.json()).toMatchObject({ name: '수능 집중반', color: '#123456' });
    const renameDup = await t.app.inject({ method: 'PUT', url: `/api/tags/${created.json().id}`, headers: ta, payload: { name: '장학생' } });
    expect(renameDup.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PUT', url: '/api/tags/99999', headers: ta, payload: { name: 'x' } })).statusCode).toBe(404);
  });

  it('reorders with the full order in one call and refuses partial or unknown orders', async () => {
    const tags = await listTags();
    const reversed = [...tags].reverse().map((x) => x.id);
    const res = await t.app.inject({ method: 'PUT', url: '/api/tags/update-tag-priority', headers: ta, payload: { tagIds: reversed } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: Tag) => x.id)).toEqual(reversed);
    expect((await listTags()).map((x) => x.priority)).toEqual(reversed.map((_, i) => i));
    const partial = await t.app.inject({ method: 'PUT', url: '/api/tags/update-tag-priority', headers: ta, payload: { tagIds: reversed.slice(1) } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().code).toBe('tags.priority_incomplete');
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/tags/update-tag-priority', headers: ta, payload: { tagIds: [...reversed.slice(1), 99999] } });
    expect(unknown.json().code).toBe('tags.unknown');
    const twice = await t.app.inject({ method: 'PUT', url: '/api/tags/update-tag-priority', headers: ta, payload: { tagIds: [...reversed.slice(1), reversed[1]] } });
    expect(twice.json().code).toBe('tags.priority_duplicate');
    expect((await listTags()).map((x) => x.id)).toEqual(reversed);
  });

  it('adds to and removes from many users at once; unknown tags or users change nothing', async () => {
    const [tag] = (await listTags()).filter((x) => x.name === '수능 집중반');
    const ids = await studentIds(6);
    const add = await t.app.inject({ method: 'POST', url: '/api/tags/add-to-users', headers: ta, payload: { tagIds: [tag!.id], userIds: ids } });
    expect(add.json()).toEqual({ addedCount: 6 });
    const again = await t.app.inject({ method: 'POST', url: '/api/tags/add-to-users', headers: ta, payload: { tagIds: [tag!.id], userIds: ids } });
    expect(again.json()).toEqual({ addedCount: 0 });
    expect((await listTags()).find((x) => x.id === tag!.id)!.userCount).toBe(6);
    const before = await pairCount();
    const badTag = await t.app.inject({ method: 'POST', url: '/api/tags/add-to-users', headers: ta, payload: { tagIds: [tag!.id, 99999], userIds: ids } });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().message).toMatch(/^tagIds: .*99999/);
    const badUser = await t.app.inject({ method: 'POST', url: '/api/tags/remove-from-users', headers: ta, payload: { tagIds: [tag!.id], userIds: [...ids, 888888] } });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().message).toMatch(/^userIds: .*888888/);
    expect(await pairCount()).toBe(before);
    const remove = await t.app.inject({ method: 'POST', url: '/api/tags/remove-from-users', headers: ta, payload: { tagIds: [tag!.id], userIds: ids.slice(0, 4) } });
    expect(remove.json()).toEqual({ removedCount: 4 });
    const audits = await t.database.query<{ n: number }>(`select count(*)::int as n from audit_logs where action in ('tag.add_to_user', 'tag.remove_from_user')`);
    expect(Number(audits[0]!.n)).toBe(10);
  });

  it('deletes a tag (admin only) and strips it from everyone', async () => {
    const [tag] = (await listTags()).filter((x) => x.name === '수능 집중반');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tags/${tag!.id}`, headers: ta })).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/tags/${tag!.id}`, headers: admin });
    expect(del.json()).toEqual({ id: tag!.id });
    expect((await listTags()).some((x) => x.id === tag!.id)).toBe(false);
    expect(await t.database.query('select 1 from user_tags where tag_id = $1', [tag!.id])).toHaveLength(0);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tags/${tag!.id}`, headers: admin })).statusCode).toBe(404);
  });
});
