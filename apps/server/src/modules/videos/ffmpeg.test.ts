import { describe, expect, it } from 'vitest';
import { parseProbe, streamPlan } from './ffmpeg.ts';

const report = (video: string, audio?: string) => `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'in.mp4':
  Metadata:
    major_brand     : isom
  Duration: 01:02:03.50, start: 0.000000, bitrate: 4069 kb/s
    Stream #0:0(und): Video: ${video}
    Metadata:
      handler_name    : VideoHandler
${audio ? `    Stream #0:1(und): Audio: ${audio}\n` : ''}At least one output file must be specified`;

describe('ffmpeg report', () => {
  it('reads duration, codecs, pixel format and size', () => {
    const p = parseProbe(report('h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 3996 kb/s, 30 fps, 30 tbr, 15360 tbn, 60 tbc (default)', 'aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s (default)'));
    expect(p).toEqual({ durationSec: 3723.5, video: { codec: 'h264', pixFmt: 'yuv420p', width: 1920, height: 1080 }, audio: { codec: 'aac' } });
    expect(streamPlan(p)).toEqual({ copyVideo: true, copyAudio: true });
  });

  it('re-encodes what browsers cannot play: HEVC, 10-bit H.264, other sound', () => {
    const hevc = parseProbe(report('hevc (Main) (hvc1 / 0x31637668), yuv420p(tv, bt709), 1080x1920, 8000 kb/s, 29.97 fps', 'aac (LC), 44100 Hz, stereo, fltp'));
    expect(hevc.video).toEqual({ codec: 'hevc', pixFmt: 'yuv420p', width: 1080, height: 1920 });
    expect(streamPlan(hevc).copyVideo).toBe(false);
    const tenBit = parseProbe(report('h264 (High 10), yuv420p10le(progressive), 1280x720, 2000 kb/s', 'opus, 48000 Hz, stereo, fltp'));
    expect(streamPlan(tenBit)).toEqual({ copyVideo: false, copyAudio: false });
  });

  it('finds no video in a sound-only file', () => {
    const p = parseProbe(report('x', undefined).replace('Video: x', 'Audio: mp3, 44100 Hz'));
    expect(p.video).toBeNull();
  });
});
