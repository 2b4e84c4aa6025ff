import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sheetReaderLoad } from '../../lib/xlsx.ts';
import { xlsxBomb } from '../../lib/xlsx.testkit.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { importWorkbook, multipartBody, uploadImport } from './students.testkit.ts';

let t: TestApp;
let ta: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ ta } = await makeStaff(t));
}, 120_000);
afterAll(() => t.close());

const upload = (file: Buffer) => uploadImport(t, { token: ta.token, file, dryRun: true });

const MB = 1024 * 1024;
/** The process's size when the file started: a worker runs other files before this one, so what counts is the growth. */
let rssAtStart = 0;
beforeAll(() => {
  rssAtStart = process.memoryUsage.rss();
});

describe('archive bombs in an Excel upload (issue 16 item 1)', () => {
  it.each([
    ['1.9 million distinct tiny shared strings in a 4.9 MB file', { sharedStrings: 1_900_000, distinct: true }, '너무 큽니다'],
    ['300,000 distinct shared strings, within the size limits', { sharedStrings: 300_000, distinct: true }, '글자 칸이 너무 많습니다'],
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
    expect(res.json.issues![0]!.path).toBe('file');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(process.memoryUsage.rss() - rssAtStart).toBeLessThan(600 * MB);
  }, 120_000);

  it('a good file still imports after the bombs', async () => {
    const res = await upload(await importWorkbook([['폭탄뒤학생', 'afterbomb1', '', '010-5555-0101', '', '', '', '']]));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ dryRun: true });
    expect(process.memoryUsage.rss() - rssAtStart).toBeLessThan(600 * MB);
  });
});

/** Resolves once `check` holds, looking again after each turn of the event loop's timers. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

describe('a client that goes away stops its Excel reading (issue 16 item 1)', () => {
  it('the reading thread is ended when the connection closes, not when the file is done', async () => {
    // Legal but slow: 4,999 rows of 180 numbers (28 MB of XML), a few seconds of reading.
    const file = await xlsxBomb({ wide: { rows: 4_999, columns: 180 } });
    const body = multipartBody([
      { name: 'dryRun', value: 'true' },
      { name: 'file', filename: '학생.xlsx', content: file },
    ]);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const before = sheetReaderLoad().ended.aborted;
    const req = http.request(`${address}/api/students/excel`, { method: 'POST', headers: { authorization: `Bearer ${ta.token}`, ...body.headers, 'content-length': body.payload.length } });
    req.on('error', () => {});
    req.end(body.payload);
    await until(() => sheetReaderLoad().running === 1);
    req.destroy();
    await until(() => sheetReaderLoad().running === 0);
    expect(sheetReaderLoad().ended.aborted).toBe(before + 1);
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
  }, 60_000);
});
