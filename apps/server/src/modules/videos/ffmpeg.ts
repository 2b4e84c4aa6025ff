import installer from '@ffmpeg-installer/ffmpeg';
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import { cappedCommand } from '../../lib/workers/capped.ts';

/**
 * ffmpeg, from the npm package that carries its binary (@ffmpeg-installer/<platform>: a static
 * build, nothing downloaded at install or run time). It runs as a child process at low priority,
 * so the event loop stays free and the API keeps answering while a recording is processed.
 * Every run is capped (FFMPEG_LIMITS): its address space, its time, and the streaming copy's
 * size, watched while ffmpeg writes it.
 */
export const FFMPEG_PATH = installer.path;

const MB = 1024 * 1024;
/**
 * - `memoryMb`: address space of an ffmpeg process (RLIMIT_AS); x264 at 1080p uses a few hundred MB.
 * - `probeTimeoutMs`: reading a file's header, or taking the poster frame.
 * - the streaming copy's output at most `copyFactor` × the input + `slackBytes` when streams are
 *   copied, `encodeFactor` × the input + `slackBytes` when re-encoded; checked every
 *   `watchEveryMs` while ffmpeg writes (and `-fs` as ffmpeg's own stop), ffmpeg killed there.
 * - its time at most `baseTimeoutMs` + the input at `copyBytesPerSec` (copy), or + `encodeTimePerSec`
 *   × the duration (re-encode), never over `maxTimeoutMs`.
 */
export const FFMPEG_LIMITS = {
  memoryMb: 2048,
  probeTimeoutMs: 60_000,
  copyFactor: 1.2,
  encodeFactor: 3,
  slackBytes: 32 * MB,
  watchEveryMs: 200,
  baseTimeoutMs: 5 * 60_000,
  copyBytesPerSec: 10 * MB,
  encodeTimePerSec: 4,
  maxTimeoutMs: 10 * 60 * 60_000,
} as const;

/** A file ffmpeg must not finish: its copy grows past the cap, or its time runs out (the message is for the TA). */
export class FfmpegRefused extends Error {}

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

type RunCaps = { timeoutMs: number; output?: { path: string; maxBytes: number } };

/**
 * Runs ffmpeg under its memory cap; `progress` gets each `out_time` (seconds) it reports. Killed
 * when `signal` aborts, when `timeoutMs` passes, or when `output.path` grows past `maxBytes`
 * (those two reject with FfmpegRefused).
 */
function run(args: string[], opts: { signal?: AbortSignal; allowFailure?: boolean; progress?: (sec: number) => void; caps: RunCaps }): Promise<{ stderr: string }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted'));
    const capped = cappedCommand(FFMPEG_PATH, args, { addressSpaceMb: FFMPEG_LIMITS.memoryMb });
    const child = spawn(capped.command, capped.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let refused: FfmpegRefused | null = null;
    const refuse = (why: string) => {
      refused ??= new FfmpegRefused(why);
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => refuse(`영상 처리가 제한 시간(${Math.ceil(opts.caps.timeoutMs / 60_000)}분)을 넘어 멈췄습니다. 파일이 손상되었거나 조작되었을 수 있습니다`), opts.caps.timeoutMs);
    const out = opts.caps.output;
    const tooBig = () => `변환한 영상이 원본보다 지나치게 커져(${Math.round(out!.maxBytes / MB)}MB 초과) 멈췄습니다. 손상되었거나 조작된 파일일 수 있습니다`;
    const watch = out
      ? setInterval(() => {
          void stat(out.path).then((st) => st.size > out.maxBytes && refuse(tooBig()), () => {});
        }, FFMPEG_LIMITS.watchEveryMs)
      : undefined;
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
    child.on('close', async (code) => {
      clearTimeout(timer);
      clearInterval(watch);
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return reject(opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted'));
      if (refused) return reject(refused);
      // `-fs` (1 MB past the cap, should ffmpeg write faster than it is watched) stops ffmpeg without an error: refused all the same.
      if (out && code === 0 && (await stat(out.path).then((st) => st.size, () => 0)) > out.maxBytes) return reject(new FfmpegRefused(tooBig()));
      if (code === 0 || opts.allowFailure) return resolve({ stderr });
      const last = stderr.trim().split('\n').slice(-3).join(' / ');
      reject(new FfmpegError(`ffmpeg ${code}: ${last}`));
    });
  });
}

export async function probe(input: string, signal?: AbortSignal): Promise<Probe> {
  // Without an output ffmpeg prints what it found and exits with 1: the report is what we want.
  const { stderr } = await run(['-hide_banner', '-nostdin', '-i', input], { signal, allowFailure: true, caps: { timeoutMs: FFMPEG_LIMITS.probeTimeoutMs } });
  return parseProbe(stderr);
}

/** One JPEG frame, at most 1280 px wide. */
export async function makePoster(opts: { input: string; output: string; atSec: number; signal?: AbortSignal }): Promise<void> {
  await run(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', opts.atSec.toFixed(2), '-i', opts.input, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '4', opts.output], { signal: opts.signal, caps: { timeoutMs: FFMPEG_LIMITS.probeTimeoutMs } });
}

/**
 * The copy that streams: MP4 with the index (moov) first (faststart), so a player starts and
 * seeks with a few Range requests. H.264/AAC are copied as they are (seconds per GB); anything a
 * browser cannot play (HEVC from phones, 10-bit, other sound) is re-encoded to H.264 ≤ 1080p.
 */
/** The streaming copy's caps for an input of `inputBytes` (FFMPEG_LIMITS). */
export function streamCaps(o: { inputBytes: number; durationSec: number; copy: boolean }): { maxBytes: number; timeoutMs: number } {
  const L = FFMPEG_LIMITS;
  const maxBytes = Math.round(o.inputBytes * (o.copy ? L.copyFactor : L.encodeFactor) + L.slackBytes);
  const extra = o.copy ? (o.inputBytes / L.copyBytesPerSec) * 1000 : o.durationSec * L.encodeTimePerSec * 1000;
  return { maxBytes, timeoutMs: Math.round(Math.min(L.maxTimeoutMs, L.baseTimeoutMs + extra)) };
}

export async function makeStream(opts: { input: string; output: string; probe: Probe; inputBytes: number; signal?: AbortSignal; progress?: (done: number) => void; caps?: { maxBytes: number; timeoutMs: number } }): Promise<{ transcoded: boolean }> {
  const plan = streamPlan(opts.probe);
  const caps = opts.caps ?? streamCaps({ inputBytes: opts.inputBytes, durationSec: opts.probe.durationSec, copy: plan.copyVideo });
  const video = plan.copyVideo
    ? ['-c:v', 'copy']
    : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-vf', "scale=-2:'min(1080,ih)'"];
  const audio = plan.copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
  const duration = opts.probe.durationSec;
  await run(
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', opts.input, '-map', '0:v:0', '-map', '0:a:0?', ...video, ...audio, '-fs', String(caps.maxBytes + MB), '-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', '-f', 'mp4', opts.output],
    { signal: opts.signal, progress: (sec) => opts.progress?.(duration > 0 ? Math.min(1, sec / duration) : 0), caps: { timeoutMs: caps.timeoutMs, output: { path: opts.output, maxBytes: caps.maxBytes } } },
  );
  return { transcoded: !plan.copyVideo };
}
