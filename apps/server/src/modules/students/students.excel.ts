import ExcelJS from 'exceljs';
import { formatKoreanDate, formatPhone } from '@academy/contracts/format';
import {
  STUDENT_ERRORS,
  STUDENT_EXCEL_HEADERS,
  STUDENT_GRADES,
  STUDENT_IMPORT_MAX_ROWS,
  studentNameSchema,
  type ImportPreviewRow,
  type ImportRowError,
  type Student,
} from '@academy/contracts/students';
import { loginIdSchema, passwordSchema, phoneSchema } from '@academy/contracts/validation';
import { appError } from '../../lib/errors.ts';
import { readSheet, writeSheet } from '../../lib/xlsx.ts';

type Header = (typeof STUDENT_EXCEL_HEADERS)[number];
export type RawImportRow = { row: number } & Record<Header, string>;

/** The empty template staff fill in: headers, a dropdown for 학년, phone columns kept as text. */
export async function buildTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('학생');
  ws.columns = STUDENT_EXCEL_HEADERS.map((h) => ({ header: h, key: h, width: h === '메모' ? 40 : h.includes('전화') ? 18 : 14 }));
  ws.getRow(1).font = { bold: true };
  for (const key of ['학생 전화번호', '학부모 전화번호', '아이디', '비밀번호']) ws.getColumn(key).numFmt = '@';
  const gradeCol = STUDENT_EXCEL_HEADERS.indexOf('학년') + 1;
  for (let r = 2; r <= 1000; r++) {
    ws.getCell(r, gradeCol).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${STUDENT_GRADES.join(',')}"`],
      showErrorMessage: true,
      errorTitle: '학년',
      error: '초1~초6, 중1~중3, 고1~고3, N수 중에서 고르세요',
    };
  }
  const guide = wb.addWorksheet('작성 안내');
  guide.columns = [{ width: 18 }, { width: 70 }];
  guide.addRows([
    ['항목', '설명'],
    ['이름', '필수. 30자 이하'],
    ['아이디', '필수. 영문·숫자·. _ - 3~30자, 파일 안과 기존 학생 모두와 겹치지 않아야 합니다'],
    ['비밀번호', '선택. 비우면 학생 전화번호 끝 4자리 + 아이디 (예: 5678kim01). 입력 시 8자 이상, 영문·숫자·특수문자 중 2종류 이상'],
    ['학생 전화번호', '비밀번호를 비우면 필수. 010-1234-5678 또는 01012345678'],
    ['학부모 전화번호', '선택'],
    ['학교', '선택. 50자 이하'],
    ['학년', `선택. ${STUDENT_GRADES.join(', ')}`],
    ['메모', '선택. 2000자 이하'],
    ['', `한 번에 ${STUDENT_IMPORT_MAX_ROWS.toLocaleString('ko-KR')}명까지 올릴 수 있습니다. 한 행이라도 오류가 있으면 아무도 등록되지 않습니다.`],
  ]);
  guide.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Reads the first worksheet (src/lib/xlsx.ts); the columns are found by their header text. */
export async function readImportRows(buffer: Buffer): Promise<RawImportRow[]> {
  const { header, rows } = await readSheet(buffer, {
    maxRows: STUDENT_IMPORT_MAX_ROWS,
    rowNoun: '명',
    errors: { invalid: STUDENT_ERRORS.excel_invalid, rows: STUDENT_ERRORS.excel_too_many_rows, empty: STUDENT_ERRORS.excel_empty },
    phoneColumn: (h) => h.includes('전화'),
    onHeader: (found) => {
      if (!found.includes('이름') || !found.includes('아이디')) {
        throw appError(STUDENT_ERRORS.excel_headers, `첫 행의 머리글을 찾을 수 없습니다 (필요: ${STUDENT_EXCEL_HEADERS.join(', ')}). 양식을 내려받아 사용해 주세요`, { field: 'file' });
      }
    },
  });
  const columns = STUDENT_EXCEL_HEADERS.map((h) => [h, header.indexOf(h)] as const);
  const out = rows
    .map(({ row, cells }) => ({ row, ...(Object.fromEntries(columns.map(([h, i]) => [h, i < 0 ? '' : (cells[i] ?? '')])) as Record<Header, string>) }))
    .filter((r) => STUDENT_EXCEL_HEADERS.some((h) => r[h] !== ''));
  if (out.length === 0) throw appError(STUDENT_ERRORS.excel_empty, '엑셀에 학생 행이 없습니다. 2행부터 학생을 입력해 주세요', { field: 'file' });
  return out;
}

export type PreparedImportRow = {
  row: number;
  name: string;
  loginId: string;
  /** Plain password to hash: given in the file or the initial one. */
  password: string;
  passwordGenerated: boolean;
  phone: string | null;
  parentPhone: string | null;
  school: string | null;
  grade: Student['grade'];
  memo: string;
};

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message ?? '형식이 올바르지 않습니다';

/**
 * Checks every row before anything is written, so the report lists all problems at once.
 * `takenLoginIds` are the ids already in the database (any account type, deleted ones too).
 */
export function validateImportRows(opts: { rows: RawImportRow[]; takenLoginIds: Set<string> }): {
  errors: ImportRowError[];
  prepared: PreparedImportRow[];
  preview: ImportPreviewRow[];
} {
  const errors: ImportRowError[] = [];
  const prepared: PreparedImportRow[] = [];
  const preview: ImportPreviewRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const raw of opts.rows) {
    const rowErrors: ImportRowError[] = [];
    const fail = (field: Header, message: string, value?: string) => rowErrors.push({ row: raw.row, field, message, ...(value === undefined ? {} : { value }) });

    const name = studentNameSchema.safeParse(raw['이름']);
    if (!name.success) fail('이름', raw['이름'] === '' ? '이름을 입력해 주세요' : firstMessage(name));
    const loginId = loginIdSchema.safeParse(raw['아이디']);
    const loginKey = raw['아이디'].trim().toLowerCase();
    if (!loginId.success) fail('아이디', raw['아이디'] === '' ? '아이디를 입력해 주세요' : firstMessage(loginId));
    else if (opts.takenLoginIds.has(loginKey)) fail('아이디', `이미 등록된 아이디입니다: ${loginId.data}`);
    else if (firstRowOf.has(loginKey)) fail('아이디', `파일 안에서 아이디가 중복됩니다 (${firstRowOf.get(loginKey)}행과 같음): ${loginId.data}`);
    if (loginId.success && !firstRowOf.has(loginKey)) firstRowOf.set(loginKey, raw.row);

    const phoneOf = (field: '학생 전화번호' | '학부모 전화번호'): string | null => {
      if (raw[field] === '') return null;
      const r = phoneSchema.safeParse(raw[field]);
      if (!r.success) {
        fail(field, '전화번호 형식이 올바르지 않습니다 (예: 010-1234-5678)', raw[field]);
        return null;
      }
      return r.data;
    };
    const phone = phoneOf('학생 전화번호');
    const parentPhone = phoneOf('학부모 전화번호');

    let password = raw['비밀번호'];
    const passwordGenerated = password === '';
    if (passwordGenerated) {
      if (raw['학생 전화번호'] === '') fail('비밀번호', '비밀번호를 비우려면 학생 전화번호가 필요합니다 (초기 비밀번호 = 전화번호 끝 4자리 + 아이디)');
      else if (phone && loginId.success) password = `${phone.slice(-4)}${loginId.data}`;
    } else if (!passwordSchema.safeParse(password).success) {
      fail('비밀번호', firstMessage(passwordSchema.safeParse(password)));
    }

    const school = raw['학교'] === '' ? null : raw['학교'];
    if (school && school.length > 50) fail('학교', '학교는 50자 이하여야 합니다', school);
    const grade = raw['학년'] === '' ? null : normaliseGrade(raw['학년']);
    if (raw['학년'] !== '' && !grade) fail('학년', `학년은 ${STUDENT_GRADES.join(', ')} 중 하나여야 합니다`, raw['학년']);
    const memo = raw['메모'];
    if (memo.length > 2000) fail('메모', '메모는 2000자 이하여야 합니다');

    errors.push(...rowErrors);
    preview.push({
      row: raw.row,
      name: raw['이름'],
      loginId: raw['아이디'],
      phone,
      parentPhone,
      school,
      grade,
      memo,
      passwordGenerated,
      ok: rowErrors.length === 0,
    });
    if (rowErrors.length === 0) {
      prepared.push({ row: raw.row, name: name.data!, loginId: loginId.data!, password, passwordGenerated, phone, parentPhone, school, grade, memo });
    }
  }
  return { errors, prepared, preview };
}

/** Accepts what people type: "고 3", "고등학교 3학년", "3" is ambiguous and refused. */
function normaliseGrade(input: string): Student['grade'] {
  const s = input.replace(/\s+/g, '').replace('학년', '').replace('학교', '');
  const direct = STUDENT_GRADES.find((g) => g === s || g.toLowerCase() === s.toLowerCase());
  if (direct) return direct;
  const m = /^(초등|중등|고등|초|중|고)(\d)$/.exec(s);
  if (m) {
    const candidate = `${m[1]![0]}${m[2]}`;
    return STUDENT_GRADES.find((g) => g === candidate) ?? null;
  }
  if (/^(n수|N수|재수|삼수|반수)(생)?$/.test(s)) return 'N수';
  return null;
}

const STATUS_LABEL = (s: Student) => (s.deletedAt ? '삭제됨' : s.isActive ? '재원' : '비활성');

/** The grid's current filter as an .xlsx, phones formatted the Korean way. */
export function buildExport(students: Student[]): Promise<Buffer> {
  return writeSheet({
    name: '학생 목록',
    rows: students,
    frozenColumns: 1,
    columns: [
      { header: '이름', width: 12, value: (s) => s.name },
      { header: '아이디', width: 14, value: (s) => s.loginId },
      { header: '학생 전화번호', width: 16, value: (s) => formatPhone(s.phone) },
      { header: '학부모 전화번호', width: 16, value: (s) => formatPhone(s.parentPhone) },
      { header: '학교', width: 14, value: (s) => s.school ?? '' },
      { header: '학년', width: 8, value: (s) => s.grade ?? '' },
      { header: '상태', width: 8, value: STATUS_LABEL },
      { header: '태그', width: 24, value: (s) => s.tags.map((t) => t.name).join(', ') },
      { header: '등록일', width: 16, value: (s) => formatKoreanDate(new Date(s.createdAt)) },
      { header: '메모', width: 40, value: (s) => s.memo },
    ],
  });
}
