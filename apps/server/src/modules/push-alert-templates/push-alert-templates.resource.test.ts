import { fillTemplate } from '@academy/contracts/push-alert-templates';
import { eucKrByteLength, messageKind } from '@academy/contracts/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff } from '../users/users.testkit.ts';
import { DEMO_PUSH_ALERT_TEMPLATES } from './push-alert-templates.seed.ts';
import { addDemoTemplates } from './push-alert-templates.testkit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = (await makeStaff(t)).admin.token;
  await addDemoTemplates(t);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

async function gql(query: string, variables?: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/gql', headers: bearer(admin), payload: { query, variables } });
  return res.json() as { data: Record<string, { nodes: Record<string, unknown>[]; totalCount: number }> | null; errors?: { message: string }[] };
}

describe('pushAlertTemplates resource', () => {
  it('serves the templates, newest first by default, in every category', async () => {
    const r = await gql('{ pushAlertTemplates { nodes { id title category body isActive } totalCount } }');
    expect(r.errors).toBeUndefined();
    const { nodes, totalCount } = r.data!.pushAlertTemplates!;
    expect(totalCount).toBe(DEMO_PUSH_ALERT_TEMPLATES.length);
    expect(new Set(nodes.map((n) => n.category))).toEqual(new Set(['출결', '성적', '클리닉', '상담', '일반']));
    // Seeded in one statement, so creation times tie and the id breaks the tie.
    expect(nodes.map((n) => Number(n.id))).toEqual([...nodes.map((n) => Number(n.id))].sort((a, b) => a - b));
    expect(nodes.filter((n) => n.isActive === false).map((n) => n.title)).toEqual(['클리닉 미참석']);
  });

  it('a category filter with a contains search, as the grid sends it', async () => {
    const r = await gql(
      'query($f: PushAlertTemplateFilter!) { pushAlertTemplates(filter: $f, sorting: [{ field: title, direction: ASC }]) { nodes { title } totalCount } }',
      { f: { category: { in: ['성적', '클리닉'] }, body: { iLike: '%#{링크}%' } } },
    );
    expect(r.data!.pushAlertTemplates!.nodes.map((n) => n.title)).toEqual(['모의고사 성적표', '주간 테스트 성적', '클리닉 대상 안내']);
  });

  it('filled with sample values, short templates are SMS and the report card is LMS', () => {
    const absent = fillTemplate(DEMO_PUSH_ALERT_TEMPLATES[0].body);
    expect(absent).toBe('[한빛학원] 최민준 학생이 오늘 수업에 출석하지 않았습니다. 사유를 학원으로 알려 주세요.');
    expect(messageKind(absent)).toBe('SMS');
    const report = fillTemplate(DEMO_PUSH_ALERT_TEMPLATES[3].body);
    expect(report).toContain('최민준 학생 점수: 92점');
    expect(eucKrByteLength(report)).toBeGreaterThan(90);
    expect(messageKind(report)).toBe('LMS');
    expect(fillTemplate('#{모름} #{이름}')).toBe('#{모름} 최민준');
  });

  it('a changed template keeps its creation time and moves its update time to now', async () => {
    t.clock.advance(3_600_000);
    const r = await gql('mutation { updateOnePushAlertTemplate(input: { id: 1, update: { isActive: false } }) { isActive createdAt updatedAt } }');
    const row = (r.data as unknown as Record<string, { isActive: boolean; createdAt: string; updatedAt: string }>).updateOnePushAlertTemplate!;
    expect(row.isActive).toBe(false);
    expect(new Date(row.updatedAt).getTime()).toBe(t.clock.now.getTime());
    expect(new Date(row.createdAt).getTime()).toBeLessThan(t.clock.now.getTime() - 3_000_000);
  });
});
