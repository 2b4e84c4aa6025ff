import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { TaskError, serveTasks } from './workers/worker.ts';
import { checkZip, ZipLimitError } from './zip.ts';
import { cellText, SHEET_LIMITS, type RawSheet, type SheetTask } from './xlsx.ts';

/**
 * The worker thread that reads uploaded .xlsx files (src/lib/xlsx.ts `readSheet`). The archive is
 * checked first (unpacked sizes, entry count, shared strings); then the first worksheet is read
 * as a stream and reading stops at the row limit, empty rows included.
 */
serveTasks<SheetTask, RawSheet>(async ({ bytes, maxRows }) => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    checkZip(buffer, SHEET_LIMITS, (name, data) => {
      if (name === 'xl/sharedStrings.xml' && countOf(data, '<si>') + countOf(data, '<si ') > SHEET_LIMITS.maxSharedStrings) {
        throw new TaskError('strings', `${name}: more than ${SHEET_LIMITS.maxSharedStrings} strings`);
      }
    });
  } catch (e) {
    if (e instanceof ZipLimitError) throw new TaskError(e.reason === 'not_zip' ? 'invalid' : 'too_big', e.message);
    throw e;
  }
  let header: (string | number)[] | null = null;
  const rows: RawSheet['rows'] = [];
  let seen = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1, 1 + SHEET_LIMITS.maxColumns).map(rawCell);
        if (!header) {
          header = values;
          continue;
        }
        seen++;
        if (seen > maxRows) throw new TaskError('rows', `more than ${maxRows} rows`);
        if (values.every((v) => v === '')) continue;
        rows.push({ row: row.number, cells: values });
      }
      break; // only the first worksheet is read
    }
  } catch (e) {
    if (e instanceof TaskError) throw e;
    throw new TaskError('invalid', e instanceof Error ? e.message : String(e));
  }
  return { header, rows };
});

/** Numbers stay numbers (a phone column gets its leading 0 back on the other side); the rest is text. */
function rawCell(v: ExcelJS.CellValue): string | number {
  return typeof v === 'number' ? v : cellText(v);
}

function countOf(data: Buffer, needle: string): number {
  const n = Buffer.from(needle);
  let count = 0;
  for (let i = data.indexOf(n); i >= 0; i = data.indexOf(n, i + n.length)) count++;
  return count;
}
