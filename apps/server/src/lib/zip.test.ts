import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxBomb } from './xlsx.testkit.ts';
import { checkZip, ZipLimitError } from './zip.ts';

const LIMITS = { maxEntries: 100, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 };
const reason = (buf: Buffer) => {
  try {
    checkZip(buf, LIMITS);
    return 'ok';
  } catch (e) {
    if (e instanceof ZipLimitError) return e.reason;
    throw e;
  }
};

describe('checkZip: an archive is measured before anything parses it', () => {
  it('accepts a workbook ExcelJS wrote and hands each entry to inspect', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('학생').addRows([['이름', '아이디'], ['홍길동', 'hong']]);
    const names: string[] = [];
    checkZip(Buffer.from(await wb.xlsx.writeBuffer()), LIMITS, (name) => names.push(name));
    expect(names).toContain('xl/worksheets/sheet1.xml');
  });

  it('refuses an entry or a total over the limit from the directory, and a directory that lies about sizes', async () => {
    expect(reason(await xlsxBomb({ sharedStrings: 200_000 }))).toBe('entry_size');
    expect(reason(await xlsxBomb({ sharedStrings: 200_000, lie: true }))).toBe('entry_size');
    expect(reason(await xlsxBomb({ sharedStrings: 10 }))).toBe('ok');
  });

  it('refuses bytes hidden between the entries (a streaming reader would unpack them)', async () => {
    const good = await xlsxBomb({ sharedStrings: 10 });
    const eocd = good.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const cdOffset = good.readUInt32LE(eocd + 16);
    const hidden = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 7)]);
    const evil = Buffer.concat([good.subarray(0, cdOffset), hidden, good.subarray(cdOffset)]);
    evil.writeUInt32LE(cdOffset + hidden.length, eocd + hidden.length + 16);
    expect(reason(evil)).toBe('not_zip');
  });

  it('refuses what is not a ZIP archive', () => {
    expect(reason(Buffer.from('PK\x03\x04 not really'))).toBe('not_zip');
  });
});
