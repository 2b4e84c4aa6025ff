import ExcelJS from 'exceljs';
import { STUDENT_EXCEL_HEADERS, type CreateStudentBody, type Student, studentsApi } from '@academy/contracts/students';
import type { ReplyOf } from '@academy/contracts/endpoint';
import type { ApiError, TestApp } from '../../../test/harness.ts';
import { koreanName, mobile, rng } from '../../db/seed/korean.ts';

let counter = 0;
const random = rng(11);

/**
 * Registers a student through the API (POST /api/students) as the given staff member: an account
 * with a profile, a Korean name, phones, a school and a grade unless given. Without a password the
 * student gets the initial one (last four phone digits + login id).
 */
export async function makeStudent(t: TestApp, opts: { token: string } & Partial<CreateStudentBody>): Promise<Student> {
  const { token, ...over } = opts;
  const body = {
    loginId: `kid${process.pid}x${++counter}`,
    name: koreanName(random),
    phone: mobile(random),
    parentPhone: mobile(random),
    school: '대치고',
    grade: '고2' as const,
    ...over,
  };
  return t.api(studentsApi.create, { token, body });
}

/** Several students with profiles, one `makeStudent` each; `each(i)` varies them. */
export async function makeProfiledStudents(t: TestApp, opts: { token: string; count: number; each?: (i: number) => Partial<CreateStudentBody> }): Promise<Student[]> {
  const out: Student[] = [];
  for (let i = 0; i < opts.count; i++) out.push(await makeStudent(t, { token: opts.token, ...opts.each?.(i) }));
  return out;
}

/** An .xlsx with the import headers and the given rows (tests and benchmarks). */
export async function importWorkbook(rows: (string | number | null)[][], opts: { headers?: readonly string[] } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('학생');
  ws.addRow([...(opts.headers ?? STUDENT_EXCEL_HEADERS)]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart/form-data body as a browser would send it. */
export function multipartBody(parts: ({ name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string })[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----academy${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${encodeURIComponent(p.filename)}"\r\nContent-Type: ${p.contentType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`));
      chunks.push(p.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * POST /api/students/excel as the given staff member, as the import dialog sends it (multipart, so
 * by hand). `json` is the import's reply on a 200 and the API's error otherwise; the test knows which.
 */
export type ImportCall = { status: number; json: ReplyOf<typeof studentsApi.importExcel> & ApiError };
export async function uploadImport(t: TestApp, opts: { token: string; file: Buffer; dryRun: boolean; filename?: string }): Promise<ImportCall> {
  const body = multipartBody([
    { name: 'dryRun', value: String(opts.dryRun) },
    { name: 'file', filename: opts.filename ?? '학생.xlsx', content: opts.file },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/students/excel', headers: { authorization: `Bearer ${opts.token}`, ...body.headers }, payload: body.payload });
  return { status: res.statusCode, json: res.json() };
}

/** n valid import rows with unique login ids and phones. */
export function generatedRows(n: number, prefix = 'imp'): (string | null)[][] {
  return Array.from({ length: n }, (_, i) => [
    `김학생${i}`,
    `${prefix}${String(i).padStart(5, '0')}`,
    '',
    `010-${String(2000 + Math.floor(i / 10000)).padStart(4, '0')}-${String(i % 10000).padStart(4, '0')}`,
    '01098765432',
    '대치고',
    '고2',
    '',
  ]);
}
