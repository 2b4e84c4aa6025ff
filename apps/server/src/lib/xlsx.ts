import { Readable } from 'node:stream';
import type { ErrorSpec } from '@academy/contracts/errors';
import ExcelJS from 'exceljs';
import { AppError, appError } from './errors.ts';

export type SheetRow = { row: number; cells: string[] };

/**
 * A cell's value as the text a person sees. In a phone column, a number Excel made of a typed
 * phone number (1012345678) gets its leading 0 back.
 */
export function cellText(value: ExcelJS.CellValue, opts: { phone?: boolean } = {}): string {
  if (value == null) return '';
  if (typeof value === 'number') {
    const s = String(value);
    return opts.phone && /^1\d{8,9}$/.test(s) ? `0${s}` : s;
  }
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value && value.result != null) return cellText(value.result as ExcelJS.CellValue, opts);
  }
  return '';
}

export type ReadSheetOptions = {
  maxRows: number;
  /** The caller's codes: not an .xlsx or unreadable, too many rows, nothing in it (default: invalid). */
  errors: { invalid: ErrorSpec; rows: ErrorSpec; empty?: ErrorSpec };
  /** What a row is called in the too-many message: 행 (default), 명 … */
  rowNoun?: string;
  /** Checks the header row as soon as it is read; throw to refuse the file before the rest is parsed. */
  onHeader?: (header: string[]) => void;
  /** Columns (by header text) that hold phone numbers. */
  phoneColumn?: (header: string) => boolean;
};

/**
 * The one way an uploaded .xlsx is read: the first worksheet as text, the header row, then every
 * non-empty row. It streams and stops as soon as `maxRows` is passed, so a huge file is refused
 * without being parsed whole. Errors are the caller's codes, with Korean messages about the file.
 */
export async function readSheet(buffer: Buffer, opts: ReadSheetOptions): Promise<{ header: string[]; rows: SheetRow[] }> {
  if (buffer.length < 4 || buffer[0] !== 0x50 || buffer[1] !== 0x4b) {
    throw appError(opts.errors.invalid, '엑셀(.xlsx) 파일만 올릴 수 있습니다. 엑셀에서 "Excel 통합 문서(.xlsx)"로 저장해 주세요', { field: 'file' });
  }
  let header: string[] | null = null;
  let phone: boolean[] = [];
  const rows: SheetRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        if (!header) {
          header = values.map((v) => cellText(v).replace(/\s+/g, ' '));
          phone = header.map((h) => opts.phoneColumn?.(h) ?? false);
          opts.onHeader?.(header);
          continue;
        }
        const cells = values.map((v, i) => cellText(v, { phone: phone[i] }));
        if (cells.every((v) => v === '')) continue;
        rows.push({ row: row.number, cells });
        if (rows.length > opts.maxRows) {
          throw appError(opts.errors.rows, `한 번에 ${opts.maxRows.toLocaleString('ko-KR')}${opts.rowNoun ?? '행'}까지 올릴 수 있습니다. 파일을 나누어 올려 주세요`, { field: 'file' });
        }
      }
      break; // only the first worksheet is read
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw appError(opts.errors.invalid, '엑셀 파일을 읽을 수 없습니다. 손상되었거나 .xlsx 형식이 아닙니다', { field: 'file' });
  }
  if (!header) throw appError(opts.errors.empty ?? opts.errors.invalid, '엑셀 파일에 내용이 없습니다', { field: 'file' });
  return { header, rows };
}

export type SheetColumn<T> = {
  header: string;
  width?: number;
  /** Excel number format of the column's cells, e.g. MONEY_FORMAT. */
  numFmt?: string;
  value: (row: T) => ExcelJS.CellValue | undefined;
};

/** Money as the center reads it: 1,234,000원 (negative amounts with a minus sign). */
export const MONEY_FORMAT = '#,##0"원";-#,##0"원"';

export type SheetSpec<T> = {
  name: string;
  columns: readonly SheetColumn<T>[];
  rows: readonly T[];
  footer?: readonly (ExcelJS.CellValue | undefined)[][];
  frozenColumns?: number;
};

/** A sheet of any row type, ready to be added to a workbook (see writeBook). */
export type BookSheet = { name: string; fill: (ws: ExcelJS.Worksheet) => void };

/**
 * One list as a sheet: a bold header row, one row per item, optional closing rows (totals …) in
 * italics, column number formats, frozen header (and first columns).
 */
export function sheetOf<T>(spec: SheetSpec<T>): BookSheet {
  return {
    name: spec.name,
    fill: (ws) => {
      ws.columns = spec.columns.map((c) => ({ header: c.header, width: c.width ?? 12, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
      ws.getRow(1).font = { bold: true };
      for (const row of spec.rows) ws.addRow(spec.columns.map((c) => c.value(row) ?? null));
      for (const line of spec.footer ?? []) ws.addRow(line.map((v) => v ?? null)).font = { italic: true };
      ws.views = [{ state: 'frozen', xSplit: spec.frozenColumns ?? 0, ySplit: 1 }];
    },
  };
}

/** Plain guidance lines as a sheet (how to fill in a template …). */
export function guideSheet(opts: { name: string; lines: readonly (readonly string[])[]; widths?: readonly number[] }): BookSheet {
  return {
    name: opts.name,
    fill: (ws) => {
      if (opts.widths) ws.columns = opts.widths.map((width) => ({ width }));
      ws.addRows(opts.lines.map((l) => [...l]));
    },
  };
}

/**
 * Excel's sheet names: at most 31 characters, none of : \ / ? * [ ], unique in the workbook
 * (compared without case). A clash gets " (2)", " (3)" …
 */
export function uniqueSheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const base = raw.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || '시트';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** The one way a workbook is written: its sheets in order. */
export async function writeBook(sheets: readonly BookSheet[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const names = uniqueSheetNames(sheets.map((s) => s.name));
  sheets.forEach((s, i) => s.fill(wb.addWorksheet(names[i]!)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One list as an .xlsx (see sheetOf), with an optional second sheet of plain guidance lines. */
export async function writeSheet<T>(opts: SheetSpec<T> & { guide?: { name: string; lines: readonly (readonly string[])[]; widths?: readonly number[] } }): Promise<Buffer> {
  return writeBook([sheetOf(opts), ...(opts.guide ? [guideSheet(opts.guide)] : [])]);
}
