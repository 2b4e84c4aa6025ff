import { expect } from 'vitest';
import type { E2e } from './harness.ts';

/**
 * Setup through the API for the board, SMS and week-link browser tests: what a test needs that
 * the demo center does not have, made the way staff would make it.
 */
export async function token(e2e: E2e, loginId: string, password: string): Promise<string> {
  const res = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId, password }) });
  if (!res.ok) throw new Error(`login ${loginId}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export async function api<T>(e2e: E2e, bearer: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(e2e.url(`/api${path}`), { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Students the other browser tests look at: left out of the classes these tests make. */
const OTHERS_USE = new Set(['student01', 'student15', 'student17', 'student30']);

/** A lecture with `count` active demo students (the first ones by login id that no other test looks at). */
export async function makeClass(e2e: E2e, adminToken: string, opts: { name: string; count: number }): Promise<{ id: number; students: { id: number; loginId: string }[] }> {
  const day = (offset: number) => new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  const lecture = await api<{ id: number }>(e2e, adminToken, 'POST', '/lectures', {
    name: opts.name, subject: '수학', teacherName: '정재훈',
    schedule: [{ dayOfWeek: 6, startTime: '10:00', endTime: '12:00' }], startDate: day(-7), endDate: day(30),
  });
  const page = await api<{ nodes: { id: number; loginId: string }[] }>(e2e, adminToken, 'GET', '/students?pageSize=100&status=active&sortField=loginId');
  const students = page.nodes.filter((s) => /^student\d+$/.test(s.loginId) && !OTHERS_USE.has(s.loginId)).slice(0, opts.count);
  expect(students).toHaveLength(opts.count);
  await api(e2e, adminToken, 'POST', `/lectures/${lecture.id}/students`, { userIds: students.map((s) => s.id) });
  return { id: lecture.id, students };
}
