import { open } from 'node:fs/promises';

/**
 * Checks an MP4/QuickTime file's index (the sample tables in `moov`) against the file itself
 * before ffmpeg copies it. A copy (`-c copy`) writes every sample the index lists, so an index
 * that lists one frame 1,400 times turns 1.4 MB into 2 GB. Refused: samples that add up to more
 * bytes than the file has, and chunks that start at the same offset twice (data used again).
 * Fragmented files (`moof`) carry their samples outside these tables; ffmpeg's output cap
 * (ffmpeg.ts) bounds them.
 */
export type IndexCheck = { ok: true; samples: number; sampleBytes: number } | { ok: false; reason: string };

/** The `moov` box is read into memory; a larger one is refused (a two-hour recording's is a few MB). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

export const INDEX_REUSES_DATA = '영상 파일의 색인이 같은 데이터를 여러 번 가리킵니다. 손상되었거나 조작된 파일이라 처리하지 않습니다. 원본 영상을 다시 내보내 올려 주세요';
const INDEX_TOO_BIG = '영상 파일의 색인(moov)이 지나치게 큽니다. 원본 영상을 다시 내보내 올려 주세요';

type Box = { type: string; start: number; end: number };

function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  for (let at = from; at + 8 <= to; ) {
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1 && at + 16 <= to) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type: buf.toString('latin1', at + 4, at + 8), start: at + header, end: at + size };
    at += size;
  }
}

/** Finds the top-level `moov` box by reading box headers only. */
async function readMoov(path: string): Promise<{ moov: Buffer | null; fileSize: number; tooBig: boolean }> {
  const fh = await open(path, 'r');
  try {
    const { size: fileSize } = await fh.stat();
    const head = Buffer.alloc(16);
    for (let at = 0; at + 8 <= fileSize; ) {
      await fh.read(head, 0, 16, at);
      let size = head.readUInt32BE(0);
      let header = 8;
      if (size === 1) {
        size = Number(head.readBigUInt64BE(8));
        header = 16;
      } else if (size === 0) {
        size = fileSize - at;
      }
      if (size < header) break;
      if (head.toString('latin1', 4, 8) === 'moov') {
        if (size > MAX_MOOV_BYTES) return { moov: null, fileSize, tooBig: true };
        const moov = Buffer.alloc(size - header);
        await fh.read(moov, 0, moov.length, at + header);
        return { moov, fileSize, tooBig: false };
      }
      at += size;
    }
    return { moov: null, fileSize, tooBig: false };
  } finally {
    await fh.close();
  }
}

/** Every track's `stbl` children by type. */
function sampleTables(moov: Buffer): Map<string, Box>[] {
  const out: Map<string, Box>[] = [];
  const walk = (from: number, to: number) => {
    for (const b of boxes(moov, from, to)) {
      if (b.type === 'stbl') {
        const children = new Map<string, Box>();
        for (const c of boxes(moov, b.start, b.end)) children.set(c.type, c);
        out.push(children);
      } else if (CONTAINERS.has(b.type)) {
        walk(b.start, b.end);
      }
    }
  };
  walk(0, moov.length);
  return out;
}

export async function checkMp4Index(path: string): Promise<IndexCheck> {
  const { moov, fileSize, tooBig } = await readMoov(path);
  if (tooBig) return { ok: false, reason: INDEX_TOO_BIG };
  // No index (fragmented or not an MP4): nothing here to check; ffmpeg finds what it finds.
  if (!moov) return { ok: true, samples: 0, sampleBytes: 0 };
  let samples = 0;
  let sampleBytes = 0;
  const offsets = new Set<number>();
  for (const stbl of sampleTables(moov)) {
    const stsz = stbl.get('stsz');
    if (stsz && stsz.end - stsz.start >= 12) {
      const uniform = moov.readUInt32BE(stsz.start + 4);
      const count = moov.readUInt32BE(stsz.start + 8);
      samples += count;
      if (uniform) sampleBytes += uniform * count;
      else for (let i = 0, at = stsz.start + 12; i < count && at + 4 <= stsz.end; i++, at += 4) sampleBytes += moov.readUInt32BE(at);
    }
    if (sampleBytes > fileSize) return { ok: false, reason: INDEX_REUSES_DATA };
    const co = stbl.get('stco') ?? stbl.get('co64');
    if (co && co.end - co.start >= 8) {
      const wide = stbl.has('co64') && !stbl.has('stco');
      const count = moov.readUInt32BE(co.start + 4);
      for (let i = 0, at = co.start + 8; i < count && at + (wide ? 8 : 4) <= co.end; i++, at += wide ? 8 : 4) {
        const offset = wide ? Number(moov.readBigUInt64BE(at)) : moov.readUInt32BE(at);
        if (offsets.has(offset)) return { ok: false, reason: INDEX_REUSES_DATA };
        offsets.add(offset);
      }
    }
  }
  return { ok: true, samples, sampleBytes };
}
