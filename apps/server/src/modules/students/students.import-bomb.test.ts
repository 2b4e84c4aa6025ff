import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { xlsxBomb } from '../../lib/xlsx.testkit.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { importWorkbook, multipartBody } from './students.testkit.ts';

let t: TestApp;
let ta: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ ta } = await makeStaff(t));
}, 120_000);
afterAll(() => t.close());

async function upload(file: Buffer) {
  const body = multipartBody([
    { name: 'dryRun', value: 'true' },
    { name: 'file', filename: '학생.xlsx', content: file },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/students/excel', headers: { authorization: `Bearer ${ta.token}`, ...body.headers }, payload: body.payload });
  return { status: res.statusCode, json: res.json() };
}

const GB = 1024 * 1024 * 1024;

describe('archive bombs in an Excel upload (issue 16 item 1)', () => {
  it.each([
    ['1.9 million distinct tiny shared strings in a 4.9 MB file', { sharedStrings: 1_900_000, distinct: true }, '너무 큽니다'],
    ['20 million shared strings (unpacks to 340 MB)', { sharedStrings: 20_000_000 }, '너무 큽니다'],
    ['a directory that claims 1 KB per entry but unpacks to 50 MB', { sharedStrings: 3_000_000, lie: true }, '너무 큽니다'],
    ['a million empty rows', { emptyRows: 1_000_000 }, '빈 행 포함'],
  ])('%s: refused with a 400 and a Korean message; the server answers afterwards', async (_name, shape, words) => {
    const file = await xlsxBomb(shape);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.json.code).toMatch(/^students\.excel_/);
    expect(res.json.message).toContain(words);
    expect(res.json.issues[0].path).toBe('file');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(process.memoryUsage.rss()).toBeLessThan(GB);
  }, 120_000);

  it('a good file still imports after the bombs', async () => {
    const res = await upload(await importWorkbook([['폭탄뒤학생', 'afterbomb1', '', '010-5555-0101', '', '', '', '']]));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ dryRun: true });
    expect(process.memoryUsage.rss()).toBeLessThan(GB);
  });
});
