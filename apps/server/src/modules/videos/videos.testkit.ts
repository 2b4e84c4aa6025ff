import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Video, videosApi, videosTopic } from '@academy/contracts/videos';
import type { TestApp } from '../../../test/harness.ts';
import { makeFileClass, uploadFile } from '../files/files.testkit.ts';
import { FFMPEG_PATH } from './ffmpeg.ts';

/**
 * Fixtures for lecture videos: real MP4s made with the packaged ffmpeg (a test pattern and a tone,
 * written the way cameras write them: the index at the end), uploads through the files flow,
 * and a wait for processing that listens for the job's end on the session's topic.
 */
/** `noisy` adds grain, which does not compress: a few seconds then weigh megabytes (multipart tests). */
export async function makeTestVideo(opts: { seconds: number; width?: number; height?: number; bitrateKbps?: number; noisy?: boolean; audioOnly?: boolean }): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'video-fixture-'));
  const out = path.join(dir, 'clip.mp4');
  const size = `${opts.width ?? 320}x${opts.height ?? 240}`;
  const video = opts.audioOnly ? [] : ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25${opts.noisy ? ',noise=alls=60:allf=t' : ''}`];
  const codec = opts.audioOnly ? [] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(opts.bitrateKbps ? ['-b:v', `${opts.bitrateKbps}k`] : [])];
  const args = ['-hide_banner', '-loglevel', 'error', '-y', ...video, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-t', String(opts.seconds), ...codec, '-c:a', 'aac', out];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg fixture: ${err}`))));
  });
  const body = await readFile(out);
  await rm(dir, { recursive: true, force: true });
  return body;
}

/** Top-level MP4 boxes in order (ftyp, moov, mdat …): faststart means moov comes before mdat. */
export function topLevelBoxes(mp4: Buffer): string[] {
  const out: string[] = [];
  for (let at = 0; at + 8 <= mp4.length && out.length < 20; ) {
    let size = mp4.readUInt32BE(at);
    const type = mp4.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(mp4.readBigUInt64BE(at + 8));
    out.push(type);
    if (size < 8) break;
    at += size;
  }
  return out;
}

/** Resolves when the processing job of a video in this session ends (`completed` or `failed`). */
export function processingEnded(t: TestApp, weeklyLectureId: number): Promise<'completed' | 'failed'> {
  return new Promise((resolve) => {
    const stop = t.ctx.realtime.subscribe([videosTopic.of(weeklyLectureId).name], (e) => {
      const state = (e.data as { state?: string }).state;
      if (e.type === 'job' && (state === 'completed' || state === 'failed')) {
        stop();
        resolve(state);
      }
    });
  });
}

/** Uploads an MP4 as a lecture video of the session (files flow, kind video) and adds it; waits for processing. */
export async function addUploadedVideo(t: TestApp, opts: { token: string; lectureId: number; wlId: number; body: Buffer; title?: string; fileName?: string }): Promise<Video> {
  const { fileId, done } = await uploadFile(t, { token: opts.token, body: opts.body, fileName: opts.fileName ?? '수업 녹화.mp4', contentType: 'video/mp4', kind: 'video', weeklyLectureId: opts.wlId });
  if (done.status !== 200) throw new Error(`addUploadedVideo upload: ${done.status} ${JSON.stringify(done.json)}`);
  const ended = processingEnded(t, opts.wlId);
  const session = { id: opts.lectureId, wlId: opts.wlId };
  const created = await t.api(videosApi.create, { token: opts.token, params: session, body: { source: 'upload', fileId, title: opts.title ?? '수업 녹화' } });
  await ended;
  const list = await t.api(videosApi.list, { token: opts.token, params: session });
  return list.find((v) => v.id === created.id)!;
}

/** A linked YouTube video of the session, `durationSec` long. */
export async function addLinkVideo(t: TestApp, opts: { token: string; lectureId: number; wlId: number; durationSec: number; title?: string; url?: string }): Promise<Video> {
  return t.api(videosApi.create, {
    token: opts.token,
    params: { id: opts.lectureId, wlId: opts.wlId },
    body: { source: 'link', title: opts.title ?? '복습 영상', url: opts.url ?? 'https://youtu.be/dQw4w9WgXcQ', durationSec: opts.durationSec },
  });
}

/** The files fixture class (staff, two enrolled students, an outsider, a session) for video tests. */
export const makeVideoClass = makeFileClass;
