import installer from '@ffmpeg-installer/ffmpeg';
import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * ffmpeg, from the npm package that carries its binary (@ffmpeg-installer/<platform>: a static
 * build, nothing downloaded at install or run time). It runs as a child process at low priority,
 * so the event loop stays free and the API keeps answering while a recording is processed.
 */
export const FFMPEG_PATH = installer.path;

export type Probe = {
  durationSec: number;
  video: { codec: string; pixFmt: string | null; width: number; height: number } | null;
  audio: { codec: string } | null;
};

/** Reads what `ffmpeg -i` prints about a file: duration and the first video and audio streams. */
export function parseProbe(stderr: string): Probe {
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationSec = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : 0;
  const videoLine = /Stream #\d+:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: Video: ([^\n]+)/.exec(stderr)?.[1];
  const audioLine = /Stream #\d+:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: Audio: ([^\n]+)/.exec(stderr)?.[1];
  let video: Probe['video'] = null;
  if (videoLine) {
    const size = /, (\d{2,5})x(\d{2,5})[ ,]/.exec(videoLine);
    // The pixel format is the first field after the codec that names one (yuv420p, yuvj420p, yuv420p10le …).
    const pixFmt = /, ((?:yuvj?|nv|rgb|bgr|gray|p0)\w*)(?:\(|,| )/.exec(videoLine)?.[1] ?? null;
    video = { codec: /^(\w+)/.exec(videoLine)?.[1] ?? 'unknown', pixFmt, width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) };
  }
  const audio = audioLine ? { codec: /^(\w+)/.exec(audioLine)?.[1] ?? 'unknown' } : null;
  return { durationSec, video, audio };
}

/** What a browser plays from an MP4 everywhere: H.264 in 8-bit 4:2:0, with AAC or MP3 sound. */
export function streamPlan(p: Probe): { copyVideo: boolean; copyAudio: boolean } {
  const copyVideo = p.video?.codec === 'h264' && (p.video.pixFmt === 'yuv420p' || p.video.pixFmt === 'yuvj420p');
  const copyAudio = !p.audio || p.audio.codec === 'aac' || p.audio.codec === 'mp3';
  return { copyVideo, copyAudio };
}

export class FfmpegError extends Error {}

/** Runs ffmpeg; `progress` gets each `out_time` (seconds) it reports. Killed when `signal` aborts. */
function run(args: string[], opts: { signal?: AbortSignal; allowFailure?: boolean; progress?: (sec: number) => void }): Promise<{ stderr: string }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted'));
    const child = spawn(FFMPEG_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // Lowering priority is a courtesy to the API; not allowed in some containers.
    }
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-64 * 1024);
    });
    let pending = '';
    child.stdout.on('data', (c: Buffer) => {
      pending += c.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_(?:ms|us)=(\d+)/.exec(line);
        if (m && opts.progress) opts.progress(Number(m[1]) / 1_000_000);
      }
    });
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => reject(err));
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return reject(opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted'));
      if (code === 0 || opts.allowFailure) return resolve({ stderr });
      const last = stderr.trim().split('\n').slice(-3).join(' / ');
      reject(new FfmpegError(`ffmpeg ${code}: ${last}`));
    });
  });
}

export async function probe(input: string, signal?: AbortSignal): Promise<Probe> {
  // Without an output ffmpeg prints what it found and exits with 1: the report is what we want.
  const { stderr } = await run(['-hide_banner', '-nostdin', '-i', input], { signal, allowFailure: true });
  return parseProbe(stderr);
}

/** One JPEG frame, at most 1280 px wide. */
export async function makePoster(opts: { input: string; output: string; atSec: number; signal?: AbortSignal }): Promise<void> {
  await run(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', opts.atSec.toFixed(2), '-i', opts.input, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '4', opts.output], { signal: opts.signal });
}

/**
 * The copy that streams: MP4 with the index (moov) first (faststart), so a player starts and
 * seeks with a few Range requests. H.264/AAC are copied as they are (seconds per GB); anything a
 * browser cannot play (HEVC from phones, 10-bit, other sound) is re-encoded to H.264 ≤ 1080p.
 */
export async function makeStream(opts: { input: string; output: string; probe: Probe; signal?: AbortSignal; progress?: (done: number) => void }): Promise<{ transcoded: boolean }> {
  const plan = streamPlan(opts.probe);
  const video = plan.copyVideo
    ? ['-c:v', 'copy']
    : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-vf', "scale=-2:'min(1080,ih)'"];
  const audio = plan.copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
  const duration = opts.probe.durationSec;
  await run(
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', opts.input, '-map', '0:v:0', '-map', '0:a:0?', ...video, ...audio, '-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', '-f', 'mp4', opts.output],
    { signal: opts.signal, progress: (sec) => opts.progress?.(duration > 0 ? Math.min(1, sec / duration) : 0) },
  );
  return { transcoded: !plan.copyVideo };
}
