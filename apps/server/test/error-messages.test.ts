import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../src/modules/users/users.testkit.ts';
import { type ApiError, createTestApp, type TestApp } from './harness.ts';
import type { JsonSchema, OpenApi } from './openapi.ts';

/**
 * Error messages are Korean and name a field in Korean, never by its request key (issue 35 item 5:
 * "reason: 사유를 2자 이상 입력해 주세요"). Walks every operation of the server's own OpenAPI
 * document with a body: an empty body, and a body whose every property has the wrong type, sent as
 * the admin; every 4xx message is checked for a key of that body.
 */


/** Every property name anywhere in a schema. */
function keysOf(s: JsonSchema | undefined, out = new Set<string>(), depth = 0): Set<string> {
  if (!s || depth > 6) return out;
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    out.add(k);
    keysOf(v, out, depth + 1);
  }
  for (const a of s.anyOf ?? []) keysOf(a, out, depth + 1);
  keysOf(s.items, out, depth + 1);
  return out;
}

/** A value of the wrong type for every property. */
function wrongTypes(s: JsonSchema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s?.properties ?? {})) {
    const types = [v.type, ...(v.anyOf ?? []).map((a) => a.type)].flat();
    out[k] = types.includes('string') ? { not: 'a string' } : 'wrong';
  }
  return out;
}

/** "reason: …", "schedule.1.startTime: …": a Latin identifier used as a label. */
const RAW_LABEL = /(?:^|[\s(,])[A-Za-z_][\w.]*: /;

let t: TestApp;
let admin: string;
let spec: OpenApi;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = (await makeStaff(t)).admin.token;
  spec = t.app.swagger() as unknown as OpenApi;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('field names in error messages', () => {
  it('the expense-claim reject reason names 사유 in Korean', async () => {
    const r = await t.call<ApiError>('PUT', '/api/admin/expense-claim/1/reject', admin, { reason: '' });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('사유를 2자 이상 입력해 주세요');
    expect(r.json.issues).toContainEqual(expect.objectContaining({ path: 'reason', message: '사유를 2자 이상 입력해 주세요' }));
  });

  it('a field without its own words in the message gets its Korean name in front', async () => {
    const r = await t.call<ApiError>('POST', '/api/auth/login', null, { loginId: 'ad\u0000min', password: 'whatever1!' });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('아이디: 제어 문자(NUL)는 입력할 수 없습니다');
    expect(r.json.issues).toContainEqual(expect.objectContaining({ path: 'loginId', message: '제어 문자(NUL)는 입력할 수 없습니다' }));
  });

  it('no 4xx message of any operation shows a request key as its label', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (!schema?.properties) continue;
        const keys = keysOf(schema);
        const url = path.replace(/\{[^}]+\}/g, '1');
        for (const payload of [{}, wrongTypes(schema)]) {
          const res = await t.app.inject({ method: method.toUpperCase() as 'POST', url, headers: { authorization: `Bearer ${admin}` }, payload });
          if (res.statusCode < 400 || res.statusCode >= 500) continue;
          const message = String((res.json() as { message?: unknown }).message ?? '');
          checked++;
          const raw = [...keys].find((k) => message.includes(`${k}:`)) ?? (RAW_LABEL.test(message) ? message : undefined);
          if (raw) failures.push(`${method.toUpperCase()} ${path} → ${message}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 180_000);

  it('a value outside a choice is refused in Korean, not by listing the choices\' keys', async () => {
    // "받는 사람은 student, parent, both 중 하나여야 합니다" read the enum's keys to the user.
    const failures: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        const choices = Object.entries(schema?.properties ?? {}).filter(([, v]) => v.enum?.every((e) => typeof e === 'string' && /^[a-z_]+$/.test(e)));
        if (choices.length === 0) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        for (const [key, v] of choices) {
          const res = await t.app.inject({ method: method.toUpperCase() as 'POST', url, headers: { authorization: `Bearer ${admin}` }, payload: { [key]: 'not-a-choice' } });
          if (res.statusCode < 400 || res.statusCode >= 500) continue;
          const message = String((res.json() as { message?: unknown }).message ?? '');
          checked++;
          const raw = (v.enum as string[]).filter((e) => new RegExp(`(^|[^A-Za-z_])${e}([^A-Za-z_]|$)`).test(message));
          if (raw.length > 1) failures.push(`${method.toUpperCase()} ${path} ${key} → ${message}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  }, 180_000);
});
