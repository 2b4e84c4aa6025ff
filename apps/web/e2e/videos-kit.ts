import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The ffmpeg binary the server processes videos with (from its npm package; nothing downloaded). */
const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A short lecture clip (test pattern and a tone, H.264/AAC MP4 with the index at the end, as cameras write it). */
export async function makeClip(opts: { seconds: number; width: number; height: number }): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-clip-'));
  const out = path.join(dir, 'clip.mp4');
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${opts.width}x${opts.height}:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', String(opts.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', out,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(FFMPEG, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg: ${err}`))));
  });
  const body = await readFile(out);
  await rm(dir, { recursive: true, force: true });
  return body;
}
