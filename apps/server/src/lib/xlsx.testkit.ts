import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One entry of a hand-made archive: its text comes in chunks, so a huge entry never sits in memory whole. */
type BombEntry = { name: string; chunks: () => Iterable<string> };

/**
 * Builds an .xlsx the way an attacker would, without ExcelJS: `sharedStrings` tiny strings (all
 * the same, which packs a thousandfold, or `distinct`, which packs about fivefold) and/or
 * `emptyRows` empty `<row>` elements, and/or `wide` rows full of numbers (legal, slow to read) in the first sheet, under a header row 이름, 아이디. With `lie`, every entry's directory
 * claims 1 KB whatever it unpacks to.
 */
export async function xlsxBomb(opts: { sharedStrings?: number; distinct?: boolean; emptyRows?: number; lie?: boolean; wide?: { rows: number; columns: number } }): Promise<Buffer> {
  const strings = opts.sharedStrings ?? 1;
  const emptyRows = opts.emptyRows ?? 0;
  const entries: BombEntry[] = [
    { name: '[Content_Types].xml', chunks: () => [CONTENT_TYPES] },
    { name: '_rels/.rels', chunks: () => [ROOT_RELS] },
    { name: 'xl/workbook.xml', chunks: () => [WORKBOOK] },
    { name: 'xl/_rels/workbook.xml.rels', chunks: () => [WORKBOOK_RELS] },
    {
      name: 'xl/sharedStrings.xml',
      chunks: function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings + 1}" uniqueCount="${strings + 1}"><si><t>이름</t></si><si><t>아이디</t></si>`;
        const block = '<si><t>a</t></si>'.repeat(10_000);
        for (let n = 1; n < strings; n += 10_000) {
          const last = Math.min(n + 10_000, strings);
          if (!opts.distinct) yield last - n === 10_000 ? block : '<si><t>a</t></si>'.repeat(last - n);
          else {
            let part = '';
            for (let i = n; i < last; i++) part += `<si><t>${i.toString(36)}</t></si>`;
            yield part;
          }
        }
        yield '</sst>';
      },
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>';
        for (let r = 2; r < emptyRows + 2; r += 5_000) {
          let part = '';
          for (let i = r; i < Math.min(r + 5_000, emptyRows + 2); i++) part += `<row r="${i}"/>`;
          yield part;
        }
        // A legal but slow sheet: every row full of numbers.
        const wide = opts.wide ?? { rows: 0, columns: 0 };
        const letters = Array.from({ length: wide.columns }, (_, j) => columnName(j));
        for (let r = 2; r < wide.rows + 2; r++) {
          let part = `<row r="${r}">`;
          for (let j = 0; j < wide.columns; j++) part += `<c r="${letters[j]}${r}"><v>${r * 1000 + j}</v></c>`;
          yield part + '</row>';
        }
        yield '</sheetData></worksheet>';
      },
    },
  ];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = await deflate(e.chunks());
    const name = Buffer.from(e.name);
    const size = opts.lie ? 1024 : packed.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.crc, 14);
    local.writeUInt32LE(packed.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(packed.crc, 16);
    dir.writeUInt32LE(packed.data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, packed.data);
    central.push(dir, name);
    offset += 30 + name.length + packed.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

function columnName(j: number): string {
  return j < 26 ? String.fromCharCode(65 + j) : columnName(Math.floor(j / 26) - 1) + String.fromCharCode(65 + (j % 26));
}

async function deflate(chunks: Iterable<string>): Promise<{ data: Buffer; crc: number; size: number }> {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  let crc = 0;
  let size = 0;
  for (const text of chunks) {
    const b = Buffer.from(text);
    crc = crc32(b, crc);
    size += b.length;
    if (!z.write(b)) await once(z, 'drain');
  }
  z.end();
  await once(z, 'end');
  return { data: Buffer.concat(out), crc, size };
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
