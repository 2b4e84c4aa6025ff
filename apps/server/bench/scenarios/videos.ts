import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { PART_SIZE } from '@academy/contracts/files';
import { createTokenSigner } from '../../src/lib/tokens.ts';
import { openEventStream } from '../../test/event-stream.ts';
import type { BenchEnv, CustomResult, Scenario } from '../types.ts';

const json = { 'content-type': 'application/json' };
/** The ffmpeg the server processes with (its npm package), to make the sources. */
const FFMPEG_PATH = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

type VideoSession = { lectureId: number; wlId: number; videoIds: number[]; durations: number[]; participants: number[] };

/** The big lectures' sessions with ten videos each (videos.large.ts). */
async function videoSessions(env: BenchEnv): Promise<VideoSession[]> {
  const rows = await env.driver.query<{ lecture_id: number; wl_id: number; video_ids: number[]; durations: number[]; participants: number[] }>(
    `select v.lecture_id, v.weekly_lecture_id as wl_id, array_agg(v.id order by v.id) as video_ids, array_agg(v.duration_sec order by v.id) as durations,
            (select array_agg(p.user_id order by p.user_id) from weekly_lecture_participants p where p.weekly_lecture_id = v.weekly_lecture_id) as participants
     from videos v where v.title like '벤치 %' and v.deleted_at is null
     group by v.lecture_id, v.weekly_lecture_id having count(*) = 10 order by v.lecture_id`,
  );
  if (rows.length === 0) throw new Error('no session with ten videos in the large seed (videos.large.ts)');
  return rows.map((r) => ({ lectureId: r.lecture_id, wlId: r.wl_id, videoIds: r.video_ids, durations: r.durations.map(Number), participants: r.participants }));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * 500 students watching at once, each reporting every 10 s (≈ 50 requests a second, spread out),
 * with a burst at 200 a second for one second in every ten. Open loop: a report is sent on
 * schedule whether or not earlier ones have answered, as real players do.
 */
async function progressLoad(env: BenchEnv): Promise<CustomResult> {
  const sessions = await videoSessions(env);
  const signer = createTokenSigner(env.jwtSecret);
  type Viewer = { token: string; videoId: number; duration: number; at: number };
  const viewers: Viewer[] = [];
  const used = new Set<string>();
  for (let round = 0; viewers.length < 500 && round < 10; round++) {
    for (const s of sessions) {
      for (const userId of s.participants) {
        if (viewers.length >= 500) break;
        const k = (userId + round) % s.videoIds.length;
        const key = `${userId}:${s.videoIds[k]}`;
        if (used.has(key)) continue;
        used.add(key);
        viewers.push({ token: await signer.sign({ userId, loginId: `b${userId}`, userType: 'STUDENT', isAdminLevel: false }), videoId: s.videoIds[k]!, duration: s.durations[k]!, at: 0 });
      }
    }
  }
  // Each viewer opens the video first (as the player does), then starts from the beginning.
  for (let i = 0; i < viewers.length; i += 25) {
    await Promise.all(viewers.slice(i, i + 25).map((v) => fetch(`${env.baseUrl}/api/sp/videos/${v.videoId}`, { headers: { authorization: `Bearer ${v.token}` } }).then((r) => r.arrayBuffer())));
  }
  const latencies: number[] = [];
  let errors = 0;
  const post = async (v: Viewer) => {
    v.at = Math.min(v.duration, v.at + 10);
    const t0 = performance.now();
    try {
      const res = await fetch(`${env.baseUrl}/api/sp/video-progress`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${v.token}` },
        body: JSON.stringify({ videoId: v.videoId, positionSec: v.at, played: [[0, v.at]], event: 'tick' }),
      });
      await res.arrayBuffer();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t0);
  };
  const seconds = Math.max(30, Number(process.env.BENCH_DURATION ?? 10));
  const pending: Promise<void>[] = [];
  const start = performance.now();
  // Every 20 ms one viewer reports (500 viewers in 10 s, 50/s); for one second in every ten the
  // rate is 200/s (four per tick: a class pressing pause, a lecture ending for everyone).
  let next = 0;
  for (let tick = 0; tick < (seconds * 1000) / 20; tick++) {
    const due = start + tick * 20;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const burst = tick % 500 >= 250 && tick % 500 < 300;
    for (let k = 0; k < (burst ? 4 : 1); k++) pending.push(post(viewers[next++ % viewers.length]!));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99), errors, extra: { viewers: viewers.length, reports: latencies.length, maxMs: latencies.at(-1) ?? 0 } };
}

/** Generated sources are kept between runs: making a minute of 1080p takes longer than processing it. */
const SOURCES = path.join(os.tmpdir(), 'academy-bench-videos');

async function source(name: string, args: string[]): Promise<string> {
  await mkdir(SOURCES, { recursive: true });
  const file = path.join(SOURCES, name);
  if (existsSync(file)) return file;
  const tmp = `${file}.part.mp4`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, ['-hide_banner', '-loglevel', 'error', '-y', ...args, tmp], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(err))));
  });
  await rename(tmp, file);
  return file;
}

const testPattern = (seconds: number) => ['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)];

/** Uploads a file the way the web does (multipart parts to signed URLs), adds it as a video, and times processing until ready. */
async function processTimed(env: BenchEnv, file: string): Promise<{ seconds: number; durationSec: number; uploadSeconds: number }> {
  const body = await readFile(file);
  const [session] = await videoSessions(env);
  const auth = { authorization: `Bearer ${env.tokens.ta}` };
  const call = async <T>(method: string, url: string, data?: unknown): Promise<T> => {
    const res = await fetch(`${env.baseUrl}${url}`, { method, headers: data === undefined ? auth : { ...json, ...auth }, body: data === undefined ? undefined : JSON.stringify(data) });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const u0 = performance.now();
  const init = await call<{ uploadId: string; partSize: number; parts: { partNumber: number; size: number; url: string }[] }>('POST', '/api/files/multipart/initiate', {
    fileName: path.basename(file), contentType: 'video/mp4', fileSize: body.length, kind: 'video', weeklyLectureId: session!.wlId,
  });
  const parts = [];
  for (const p of init.parts) {
    const start = (p.partNumber - 1) * PART_SIZE;
    const res = await fetch(p.url.startsWith('/') ? `${env.baseUrl}${p.url}` : p.url, { method: 'PUT', body: new Uint8Array(body.subarray(start, start + p.size)) });
    if (!res.ok) throw new Error(`part ${p.partNumber}: ${res.status}`);
    parts.push({ partNumber: p.partNumber, etag: res.headers.get('etag')! });
  }
  const stored = await call<{ id: number }>('POST', '/api/files/multipart/complete', { uploadId: init.uploadId, parts, sha256: createHash('sha256').update(body).digest('hex') });
  const uploadSeconds = (performance.now() - u0) / 1000;
  const stream = await openEventStream(`${env.baseUrl}/api/realtime/events?topics=videos:${session!.wlId}`, env.tokens.ta);
  await stream.ready;
  const t0 = performance.now();
  const video = await call<{ id: number }>('POST', `/api/lectures/${session!.lectureId}/weekly-lectures/${session!.wlId}/videos`, { source: 'upload', fileId: stored.id, title: `벤치 처리 ${path.basename(file)}` });
  const end = await stream.next((e) => e.type === 'job' && ['completed', 'failed'].includes((e.data as { state: string }).state));
  const seconds = (performance.now() - t0) / 1000;
  stream.close();
  if ((end.data as { state: string }).state !== 'completed') throw new Error(`processing failed: ${JSON.stringify(end.data)}`);
  const list = await call<{ id: number; durationSec: number }[]>('GET', `/api/lectures/${session!.lectureId}/weekly-lectures/${session!.wlId}/videos`);
  await call('DELETE', `/api/videos/${video.id}`);
  return { seconds, durationSec: list.find((v) => v.id === video.id)!.durationSec, uploadSeconds };
}

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'videos: progress reports, 500 students every 10 s (50/s, bursts of 200/s)',
    target: 'p99 ≤ 50 ms',
    measure: progressLoad,
  },
  {
    kind: 'http',
    name: 'videos: staff table 300 students × 10 videos (videos/info)',
    target: 'p99 ≤ 100 ms',
    connections: 2,
    prepare: async (env) => (await videoSessions(env)).map((s) => ({ method: 'GET' as const, path: `/api/lectures/${s.lectureId}/weekly-lectures/${s.wlId}/videos/info`, headers: { authorization: `Bearer ${env.tokens.ta}` } })),
  },
  {
    kind: 'custom',
    name: 'videos: processing 1 min of 1080p H.264 (faststart copy + poster), upload → ready',
    target: 'report (seconds per minute of video)',
    measure: async (env) => {
      const file = await source('h264-1080p-60s.mp4', [...testPattern(60), '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '4M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k']);
      const r = await processTimed(env, file);
      return { extra: { 's per min': r.seconds / (r.durationSec / 60), 'processing s': r.seconds, 'upload s (30 MB)': r.uploadSeconds } };
    },
  },
  {
    kind: 'custom',
    name: 'videos: processing 1080p HEVC (re-encoded to H.264), upload → ready',
    target: 'report (seconds per minute of video)',
    measure: async (env) => {
      const file = await source('hevc-1080p-20s.mp4', [...testPattern(20), '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1', '-c:a', 'aac']);
      const r = await processTimed(env, file);
      return { extra: { 's per min': r.seconds / (r.durationSec / 60), 'processing s': r.seconds, 'clip s': r.durationSec } };
    },
  },
];
