import { errorCodes, type ErrorSpec } from '@academy/contracts/errors';
import ExcelJS from 'exceljs';
import { appError } from './errors.ts';
import { createWorkerPool, WorkerFailure, type WorkerPool, workerScript } from './workers/pool.ts';

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
  /** Checks the header row; throw to refuse the file. */
  onHeader?: (header: string[]) => void;
  /** Columns (by header text) that hold phone numbers. */
  phoneColumn?: (header: string) => boolean;
  /** Stops reading when aborted. Default: the current request's (the client went away). */
  signal?: AbortSignal;
};

/**
 * What an uploaded .xlsx may unpack to. Real imports (a few thousand rows) unpack to a few MB;
 * an archive bomb (millions of tiny shared strings or empty rows packed into 5 MB) is refused
 * from its directory, before any XML is parsed.
 */
export const SHEET_LIMITS = {
  maxEntries: 2000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  maxSharedStrings: 200_000,
  /** Cells read per row; columns to the right of this are ignored. */
  maxColumns: 256,
  /** Heap of the reading thread, and how long one file may take. */
  memoryMb: 256,
  timeoutMs: 30_000,
} as const;

export const EXCEL_ERRORS = errorCodes('excel', { busy: 503 });

/** A task of the .xlsx worker (xlsx.worker.ts) and its answer: cells are text, numbers stay numbers. */
export type SheetTask = { bytes: Uint8Array; maxRows: number };
export type RawSheet = { header: (string | number)[] | null; rows: { row: number; cells: (string | number)[] }[] };

let pool: WorkerPool<SheetTask, RawSheet> | null = null;
/** The reading threads' load (tests, metrics). */
export const sheetReaderLoad = () => sheetPool().load();
const sheetPool = () =>
  (pool ??= createWorkerPool<SheetTask, RawSheet>({
    name: 'xlsx',
    script: workerScript(import.meta.url, 'xlsx.worker'),
    size: 1,
    memoryMb: SHEET_LIMITS.memoryMb,
    timeoutMs: SHEET_LIMITS.timeoutMs,
    maxQueue: 8,
  }));

/**
 * The one way an uploaded .xlsx is read: the first worksheet as text, the header row, then every
 * non-empty row. The file is read in a worker thread (src/lib/workers) with a memory cap and a
 * time limit, after its archive passed SHEET_LIMITS; the reading stops at `maxRows` rows, empty
 * rows included, and when the client goes away. A bad file fails its own request with a Korean
 * message in the caller's codes, and the server carries on.
 */
export async function readSheet(buffer: Buffer, opts: ReadSheetOptions): Promise<{ header: string[]; rows: SheetRow[] }> {
  const invalid = (message: string) => appError(opts.errors.invalid, message, { field: 'file' });
  if (buffer.length < 4 || buffer[0] !== 0x50 || buffer[1] !== 0x4b) {
    throw invalid('엑셀(.xlsx) 파일만 올릴 수 있습니다. 엑셀에서 "Excel 통합 문서(.xlsx)"로 저장해 주세요');
  }
  let raw: RawSheet;
  try {
    const bytes = new Uint8Array(buffer);
    raw = await sheetPool().run({ bytes, maxRows: opts.maxRows }, { signal: opts.signal, transfer: [bytes.buffer] });
  } catch (e) {
    if (!(e instanceof WorkerFailure)) throw e;
    if (e.reason === 'failed' && e.code === 'rows') {
      throw appError(opts.errors.rows, `한 번에 ${opts.maxRows.toLocaleString('ko-KR')}${opts.rowNoun ?? '행'}까지 올릴 수 있습니다 (빈 행 포함). 서식만 남은 빈 행을 지우거나 파일을 나누어 올려 주세요`, { field: 'file' });
    }
    if (e.reason === 'busy') throw appError(EXCEL_ERRORS.busy, '엑셀 파일을 읽는 작업이 밀려 있습니다. 잠시 후 다시 올려 주세요', { field: 'file' });
    if (e.reason === 'failed' && e.code === 'strings') {
      throw invalid(`엑셀 파일에 서로 다른 글자 칸이 너무 많습니다 (최대 ${SHEET_LIMITS.maxSharedStrings.toLocaleString('ko-KR')}개). 필요한 내용만 새 파일에 붙여 넣어 올려 주세요`);
    }
    if ((e.reason === 'failed' && e.code === 'too_big') || e.reason === 'memory') {
      throw invalid(`엑셀 파일의 압축을 푼 내용이 너무 큽니다 (최대 ${SHEET_LIMITS.maxTotalBytes / 1024 / 1024}MB). 필요한 내용만 새 파일에 붙여 넣어 올려 주세요`);
    }
    if (e.reason === 'timeout') throw invalid('엑셀 파일을 읽는 데 너무 오래 걸립니다. 필요한 내용만 새 파일에 붙여 넣어 올려 주세요');
    throw invalid('엑셀 파일을 읽을 수 없습니다. 손상되었거나 .xlsx 형식이 아닙니다');
  }
  if (!raw.header) throw appError(opts.errors.empty ?? opts.errors.invalid, '엑셀 파일에 내용이 없습니다', { field: 'file' });
  const header = raw.header.map((v) => cellText(v).replace(/\s+/g, ' '));
  opts.onHeader?.(header);
  const phone = header.map((h) => opts.phoneColumn?.(h) ?? false);
  const rows = raw.rows.map((r) => ({ row: r.row, cells: r.cells.map((v, i) => cellText(v, { phone: phone[i] })) }));
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
