import { inflateRawSync } from 'node:zlib';

export type ZipLimits = {
  /** Entries in the archive at most. */
  maxEntries: number;
  /** Unpacked bytes of one entry at most. */
  maxEntryBytes: number;
  /** Unpacked bytes of the whole archive at most. */
  maxTotalBytes: number;
};

export type ZipRefusal = 'not_zip' | 'entries' | 'entry_size' | 'total_size';

export class ZipLimitError extends Error {
  constructor(
    readonly reason: ZipRefusal,
    message: string,
  ) {
    super(message);
  }
}

type Entry = { name: string; flags: number; method: number; compressed: number; size: number; offset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Checks a ZIP archive (an .xlsx, .docx …) against size limits before anything parses it, so an
 * archive bomb is refused for the price of reading its directory. The central directory's sizes
 * are only claims, so every entry is then inflated with its claimed size as a hard cap (zlib
 * stops there) and must come out exactly that long. The entries must also tile the file with
 * nothing between them: a streaming reader that walks the local headers (as ExcelJS does) then
 * sees exactly the checked entries and no hidden one. ZIP64 and methods other than stored and
 * deflate are refused (office files of upload size never use them).
 *
 * `inspect` sees each entry's unpacked bytes (to count what a parser would build from them).
 */
export function checkZip(buf: Buffer, limits: ZipLimits, inspect?: (name: string, data: Buffer) => void): { entries: number; totalBytes: number } {
  const bad = (why: string) => new ZipLimitError('not_zip', why);
  const eocd = findEndOfDirectory(buf);
  if (eocd < 0) throw bad('no end of central directory');
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw bad('ZIP64 archives are not accepted');
  if (count > limits.maxEntries) throw new ZipLimitError('entries', `${count} entries`);
  if (cdOffset + cdSize !== eocd) throw bad('central directory is not where the end record says');

  const entries: Entry[] = [];
  let p = cdOffset;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) throw bad('broken central directory');
    const nameLen = buf.readUInt16LE(p + 28);
    const e: Entry = {
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressed: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    };
    if (e.compressed === 0xffffffff || e.size === 0xffffffff || e.offset === 0xffffffff) throw bad('ZIP64 entries are not accepted');
    if (e.method !== 0 && e.method !== 8) throw bad(`compression method ${e.method}`);
    if (e.flags & 1) throw bad('encrypted entry');
    if (e.size > limits.maxEntryBytes) throw new ZipLimitError('entry_size', `${e.name}: ${e.size} bytes`);
    total += e.size;
    if (total > limits.maxTotalBytes) throw new ZipLimitError('total_size', `${total} bytes`);
    entries.push(e);
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  if (p !== eocd) throw bad('central directory size does not match its entries');

  entries.sort((a, b) => a.offset - b.offset);
  let expected = 0;
  for (const [i, e] of entries.entries()) {
    if (e.offset !== expected || e.offset + 30 > cdOffset || buf.readUInt32LE(e.offset) !== LOCAL) throw bad('entries do not follow each other');
    if (buf.readUInt16LE(e.offset + 8) !== e.method) throw bad('local and central headers disagree');
    const dataStart = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
    const dataEnd = dataStart + e.compressed;
    const next = i + 1 < entries.length ? entries[i + 1]!.offset : cdOffset;
    const gap = next - dataEnd;
    // After the data only an optional data descriptor (12 bytes, or 16 with its signature).
    if (e.flags & 8 ? gap !== 12 && gap !== 16 : gap !== 0) throw bad('unaccounted bytes between entries');
    const raw = buf.subarray(dataStart, dataEnd);
    let data: Buffer;
    if (e.method === 0) {
      if (e.compressed !== e.size) throw bad('stored entry size mismatch');
      data = raw;
    } else {
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size) });
      } catch {
        throw new ZipLimitError('entry_size', `${e.name}: unpacks to more than it claims, or is damaged`);
      }
      if (data.length !== e.size) throw new ZipLimitError('entry_size', `${e.name}: unpacks to ${data.length} bytes, claims ${e.size}`);
    }
    inspect?.(e.name, data);
    expected = next;
  }
  if (entries.length && expected !== cdOffset) throw bad('entries do not reach the central directory');
  return { entries: entries.length, totalBytes: total };
}

function findEndOfDirectory(buf: Buffer): number {
  const last = buf.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) {
    if (buf.readUInt32LE(i) === EOCD && i + 22 + buf.readUInt16LE(i + 20) === buf.length) return i;
  }
  return -1;
}
