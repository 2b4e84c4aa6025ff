import { describe, expect, it } from 'vitest';
import { formatKoreanDateTime } from './dates.ts';
import { formatDuration, parseDuration, parseVideoLink, progressBody } from './videos.ts';

describe('video links', () => {
  it('reads the YouTube addresses teachers paste', () => {
    const id = 'dQw4w9WgXcQ';
    for (const url of [
      `https://www.youtube.com/watch?v=${id}&t=42s`,
      `https://youtu.be/${id}?si=abc`,
      `https://m.youtube.com/watch?v=${id}`,
      `https://www.youtube.com/embed/${id}`,
      `https://youtube.com/shorts/${id}`,
      `https://www.youtube.com/live/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}`,
      `http://youtube.com/watch?v=${id}`,
    ]) {
      expect(parseVideoLink(url)).toEqual({ provider: 'youtube', videoId: id, hash: null, url: `https://www.youtube.com/watch?v=${id}` });
    }
  });

  it('reads Vimeo addresses, keeping the private hash of unlisted videos', () => {
    expect(parseVideoLink('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', videoId: '76979871', hash: null, url: 'https://vimeo.com/76979871' });
    expect(parseVideoLink('https://vimeo.com/76979871/8272103f6e')).toMatchObject({ videoId: '76979871', hash: '8272103f6e', url: 'https://vimeo.com/76979871/8272103f6e' });
    expect(parseVideoLink('https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0')).toMatchObject({ videoId: '76979871', hash: '8272103f6e' });
    expect(parseVideoLink('https://vimeo.com/channels/staffpicks/76979871')).toMatchObject({ videoId: '76979871' });
  });

  it('refuses everything else', () => {
    for (const url of ['', 'youtube', 'https://www.youtube.com/watch?v=short', 'https://example.com/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', 'https://vimeo.com/about', 'ftp://youtu.be/dQw4w9WgXcQ']) {
      expect(parseVideoLink(url)).toBeNull();
    }
  });
});

describe('durations and times', () => {
  it('writes and reads durations', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(parseDuration('1:02:05')).toBe(3725);
    expect(parseDuration('52:30')).toBe(3150);
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('1:75')).toBeNull();
    expect(parseDuration('abc')).toBeNull();
  });

  it('shows an instant on the Korean clock', () => {
    expect(formatKoreanDateTime('2026-11-21T05:05:00Z')).toBe('2026. 11. 21.(토) 14:05');
    expect(formatKoreanDateTime('2026-11-21T16:30:00Z')).toBe('2026. 11. 22.(일) 01:30');
  });
});

describe('progress reports', () => {
  it('refuse fields a student could use to write for someone else, and intervals that run backwards', () => {
    expect(progressBody.safeParse({ videoId: 1, positionSec: 10, played: [[0, 10]] }).success).toBe(true);
    const other = progressBody.safeParse({ videoId: 1, positionSec: 10, played: [], userId: 7 });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.message).toContain('userId');
    expect(progressBody.safeParse({ videoId: 1, positionSec: 10, played: [[10, 5]] }).success).toBe(false);
  });
});
