import { Readable } from 'node:stream';
import type { ErrorSpec } from '@academy/contracts/errors';
import ExcelJS from 'exceljs';
import { AppError, appError } from './errors.ts';

export type SheetRow = { row: number; cells: string[] };

/** A cell's value as the text a person sees. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value && value.result != null) return cellText(value.result as ExcelJS.CellValue);
  }
  return '';
}

/**
 * Reads the first worksheet of an uploaded .xlsx as text: the header row, then every non-empty
 * row. It streams and stops as soon as `maxRows` is passed, so a huge file is refused without
 * being parsed whole. Errors are the caller's codes, with Korean messages naming the file.
 */
export async function readSheet(buffer: Buffer, opts: { maxRows: number; errors: { invalid: ErrorSpec; rows: ErrorSpec } }): Promise<{ header: string[]; rows: SheetRow[] }> {
  if (buffer.length < 4 || buffer[0] !== 0x50 || buffer[1] !== 0x4b) {
    throw appError(opts.errors.invalid, '엑셀(.xlsx) 파일만 올릴 수 있습니다. 엑셀에서 "Excel 통합 문서(.xlsx)"로 저장해 주세요', { field: 'file' });
  }
  let header: string[] | null = null;
  const rows: SheetRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (!header) {
          header = values.map((v) => v.replace(/\s+/g, ' '));
          continue;
        }
        if (values.every((v) => v === '')) continue;
        rows.push({ row: row.number, cells: values });
        if (rows.length > opts.maxRows) throw appError(opts.errors.rows, `한 번에 ${opts.maxRows.toLocaleString('ko-KR')}행까지 올릴 수 있습니다. 파일을 나누어 올려 주세요`, { field: 'file' });
      }
      break;
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw appError(opts.errors.invalid, '엑셀 파일을 읽을 수 없습니다. 손상되었거나 .xlsx 형식이 아닙니다', { field: 'file' });
  }
  if (!header) throw appError(opts.errors.invalid, '엑셀 파일에 내용이 없습니다', { field: 'file' });
  return { header, rows };
}
