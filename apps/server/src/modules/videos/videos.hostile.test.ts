import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Video } from '@academy/contracts/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { FFMPEG_PATH, FfmpegRefused, makeStream, probe } from './ffmpeg.ts';
import { addUploadedVideo, makeTestVideo, makeVideoClass } from './videos.testkit.ts';

/**
 * Hostile lecture videos (issue 34 item 4), made here: a one-frame MP4 whose index is then
 * rewritten to list that frame 1,400 times (a `-c copy` would write it 1,400 times). Through HTTP
 * the video fails with a Korean reason and no stream is stored; and the streaming copy itself
 * stops at its size cap and its time cap while ffmpeg is writing.
 */
const MB = 1024 * 1024;
let work: string;

async function ffmpeg(args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg: ${err}`))));
  });
}

type Box = { type: string; body: Buffer; children?: Box[] };
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

function parseBoxes(buf: Buffer): Box[] {
  const out: Box[] = [];
  for (let at = 0; at + 8 <= buf.length; ) {
    const size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const body = buf.subarray(at + 8, at + size);
    out.push(CONTAINERS.has(type) ? { type, body, children: parseBoxes(body) } : { type, body });
    at += size;
  }
  return out;
}

function writeBoxes(list: Box[]): Buffer {
  return Buffer.concat(
    list.map((b) => {
      const body = b.children ? writeBoxes(b.children) : b.body;
      const head = Buffer.alloc(8);
      head.writeUInt32BE(body.length + 8, 0);
      head.write(b.type, 4, 'latin1');
      return Buffer.concat([head, body]);
    }),
  );
}

const full = (words: number[]) => {
  const b = Buffer.alloc(4 + words.length * 4);
  words.forEach((w, i) => b.writeUInt32BE(w, 4 + i * 4));
  return b;
};

/** A one-frame H.264 MP4 (index at the end), its index rewritten so the frame is listed `times` times. */
async function repeatedFrameMp4(times: number): Promise<Buffer> {
  const file = path.join(work, 'one-frame.mp4');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25,noise=alls=80:allf=t', '-frames:v', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', file]);
  const top = parseBoxes(await readFile(file));
  const moov = top.find((b) => b.type === 'moov')!;
  const stbl = moov.children!.find((b) => b.type === 'trak')!.children!.find((b) => b.type === 'mdia')!.children!.find((b) => b.type === 'minf')!.children!.find((b) => b.type === 'stbl')!;
  const child = (type: string) => stbl.children!.find((b) => b.type === type)!;
  const stsz = child('stsz');
  // One sample: its size is the table's uniform size, or its only entry.
  const frameSize = stsz.body.readUInt32BE(4) || stsz.body.readUInt32BE(12);
  const offset = child('stco').body.readUInt32BE(8);
  const delta = child('stts').body.readUInt32BE(12);
  const repeated = (type: string, body: Buffer): Box => ({ type, body });
  stbl.children = stbl.children!.filter((b) => !['stts', 'stsz', 'stsc', 'stco', 'stss', 'ctts'].includes(b.type)).concat([
    repeated('stts', full([1, times, delta])),
    repeated('stsz', full([frameSize, times])),
    repeated('stsc', full([1, 1, 1, 1])),
    repeated('stco', full([times, ...Array.from({ length: times }, () => offset)])),
  ]);
  const out = writeBoxes(top);
  expect(frameSize * times).toBeGreaterThan(out.length * 50);
  return out;
}

let t: TestApp;
let c: Awaited<ReturnType<typeof makeVideoClass>>;
let dataDir: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'videos-hostile-'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'videos-hostile-data-'));
  t = await createTestApp({ seed: false, config: { dataDir } });
  c = await makeVideoClass(t);
}, 60_000);

afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe('hostile lecture videos (issue 34 item 4)', () => {
  it('an MP4 whose index lists one frame 1,400 times fails with a Korean reason; no stream is stored, the server answers', async () => {
    const hostile = await repeatedFrameMp4(1400);
    const rss = process.memoryUsage.rss();
    const video: Video = await addUploadedVideo(t, { token: c.staff.ta.token, lectureId: c.lectureId, wlId: c.wlId, body: hostile, title: '조작된 영상' });
    expect(video.status).toBe('failed');
    expect(video.error).toContain('같은 데이터를 여러 번');
    expect(video.durationSec).toBeNull();
    const stored = await readdir(dataDir, { recursive: true });
    expect(stored.filter((f) => f.includes('stream'))).toEqual([]);
    expect(process.memoryUsage.rss() - rss).toBeLessThan(200 * MB);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  }, 120_000);

  it('the streaming copy stops at its size cap while ffmpeg writes, and at its time cap', async () => {
    const input = path.join(work, 'clip.mp4');
    await writeFile(input, await makeTestVideo({ seconds: 2, noisy: true }));
    const info = await probe(input);
    const output = path.join(work, 'out.mp4');
    const inputBytes = (await stat(input)).size;
    // A cap of a tenth of the input: the copy is stopped there, not written to its end.
    const capped = await makeStream({ input, output, probe: info, inputBytes, caps: { maxBytes: Math.round(inputBytes / 10), timeoutMs: 60_000 } }).then(() => null, (e: unknown) => e);
    expect(capped).toBeInstanceOf(FfmpegRefused);
    expect((capped as Error).message).toContain('지나치게 커져');
    expect((await stat(output)).size).toBeLessThan(inputBytes / 10 + 2 * MB);
    // A re-encode (4:4:4 is not playable, so it is encoded) given no time at all is stopped.
    const yuv444 = path.join(work, 'yuv444.mp4');
    await ffmpeg(['-i', input, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p', '-an', yuv444]);
    const slow = await makeStream({ input: yuv444, output, probe: await probe(yuv444), inputBytes, caps: { maxBytes: 100 * MB, timeoutMs: 50 } }).then(() => null, (e: unknown) => e);
    expect(slow).toBeInstanceOf(FfmpegRefused);
    expect((slow as Error).message).toContain('제한 시간');
    // Within its caps the same copy completes.
    await makeStream({ input, output, probe: info, inputBytes });
    expect((await stat(output)).size).toBeGreaterThan(inputBytes / 2);
  }, 120_000);
});
