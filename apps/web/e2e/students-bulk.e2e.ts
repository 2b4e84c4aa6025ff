import type { Student } from '@academy/contracts/students';
import { describe, expect, test } from 'vitest';
import { browserForFile, DEMO_ACCOUNTS, expectAccessible, login } from './harness.ts';

const e2e = browserForFile();

async function token(role: 'ta' | 'admin'): Promise<string> {
  const res = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNTS[role]) });
  if (!res.ok) throw new Error(`login ${role}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function api<T>(bearer: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(e2e.url(`/api${path}`), { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${bearer}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

// More students than one grid page (20 rows), with a login id no demo student uses.
const COUNT = 23;
const PREFIX = 'e2eall';

describe('students grid: select all', () => {
  test('the header checkbox selects every student the search found (all pages); a bulk tag reaches all but the unticked one', async () => {
    const ta = await token('ta');
    for (let i = 0; i < COUNT; i++) {
      await api(ta, 'POST', '/students', { loginId: `${PREFIX}${String(i).padStart(2, '0')}`, name: `전체선택${i}`, phone: `0105555${String(1000 + i)}`, school: '대치고', grade: '고1' });
    }
    const tag = await api<{ id: number }>(ta, 'POST', '/tags', { name: '전체선택반', color: '#1565c0' });

    const page = await e2e.newPage();
    await login(page, 'ta');
    await page.goto('/crm/students');
    await page.getByTestId('student-search').fill(PREFIX);
    await page.getByText(`1–20 / 전체 ${COUNT}개`).waitFor();

    await page.getByRole('checkbox', { name: '모든 행 선택' }).check();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText(`검색된 ${COUNT}명 모두 선택`).waitFor();
    await expectAccessible(page, '학생 관리 (전체 선택)');

    await page.locator('.MuiDataGrid-row').first().getByRole('checkbox').uncheck();
    await bar.getByText(`검색된 ${COUNT}명 중 ${COUNT - 1}명 선택`).waitFor();

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/students/add-tags'));
    await bar.getByRole('button', { name: '태그 붙이기' }).click();
    await page.getByRole('menuitem').filter({ hasText: '전체선택반' }).click();
    const body = (await sent).postDataJSON() as { filter?: { search?: string }; excludeIds?: number[]; ids?: number[] };
    expect(body.ids).toBeUndefined();
    expect(body.filter?.search).toBe(PREFIX);
    expect(body.excludeIds).toHaveLength(1);
    await page.getByText(`${COUNT - 1}명에게 "전체선택반" 태그를 붙였습니다`).waitFor();
    await bar.waitFor({ state: 'detached' });

    const tagged = await api<{ nodes: Student[]; totalCount: number }>(ta, 'GET', `/students?search=${PREFIX}&tagIds=${tag.id}&pageSize=100`);
    expect(tagged.totalCount).toBe(COUNT - 1);
    expect(tagged.nodes.map((s) => s.id)).not.toContain(body.excludeIds![0]);
  });

  test('ticking rows one by one still shows the bar with their count', async () => {
    const page = await e2e.newPage();
    await login(page, 'ta');
    await page.goto('/crm/students');
    await page.getByTestId('student-search').fill(PREFIX);
    await page.getByText(`1–20 / 전체 ${COUNT}개`).waitFor();
    for (let i = 0; i < 3; i++) await page.locator('.MuiDataGrid-row').nth(i).getByRole('checkbox').check();
    await page.getByTestId('bulk-count').filter({ hasText: '3명 선택' }).waitFor();
    await expectAccessible(page, '학생 관리 (행 선택)');
  });
});
