/**
 * Lecture videos (복습 영상, 결석생 보강 영상): a weekly lecture's videos, uploaded (then processed
 * on the server so they stream well) or linked from YouTube or Vimeo; what a student watched of
 * each (the union of the intervals really played, so skipping ahead does not count); the staff's
 * table of who watched how much, its Excel download, and the student's player on the portal.
 *
 * Words: *watched* seconds are the length of the union of played intervals; *percent* is watched
 * over the video's duration; a video is *completed* for a student once percent reaches the
 * center's setting (90% unless changed).
 */
import { z } from 'zod';
import { downloadReply, endpoint, XLSX_TYPE } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { defineTopic, jobEvents } from './realtime.ts';
import { idParam, text, id } from './validation.ts';

export const VIDEO_ERRORS = errorCodes('videos', {
  not_found: 404,
  forbidden: 403,
  not_ready: 409,
  link_invalid: 400,
  file_in_use: 409,
  token_invalid: 401,
  not_failed: 409,
  body_invalid: 400,
  attendance_type_unknown: 400,
  student_not_found: 404,
  busy: 409,
});

// ─── vocabulary ─────────────────────────────────────────────────────────────────────────────────

export const VIDEO_SOURCES = ['upload', 'youtube', 'vimeo'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];
export const VIDEO_SOURCE_LABEL: Record<VideoSource, string> = { upload: '업로드', youtube: 'YouTube', vimeo: 'Vimeo' };

/** processing: an upload being prepared for streaming; ready: playable; failed: processing gave up (retry or delete). */
export const VIDEO_STATUSES = ['processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export const VIDEO_STATUS_LABEL: Record<VideoStatus, string> = { processing: '처리 중', ready: '재생 가능', failed: '처리 실패' };

/** The completion bar unless a center changes it (the setting `completionPercent`). */
export const DEFAULT_COMPLETION_PERCENT = 90;
/** The attendance type a completed video marks, by default (the lectures area's default type). */
export const ONLINE_ATTENDANCE_TYPE_NAME = '온라인(영상 수강)';
/** The player offers 0.5×–2×; the server never credits watching faster than the fastest speed. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const MAX_PLAYBACK_RATE = 2;
/** How often the player reports (also on pause and when the page is left). */
export const PROGRESS_INTERVAL_MS = 10_000;
/** Twelve hours: longer than any class recording, so a duration beyond it is a mistake. */
export const MAX_DURATION_SEC = 12 * 60 * 60;

/** 3725 → "1:02:05", 65 → "1:05". */
export function formatDuration(totalSec: number): string {
  const s = Math.max(0, Math.round(totalSec));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** "1:02:05", "62:05", "3725" → seconds; null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const m = /^(?:(\d+):)?(\d{1,3}):(\d{2})$/.exec(t);
  if (!m || Number(m[3]) >= 60) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

// ─── links ──────────────────────────────────────────────────────────────────────────────────────

export type VideoLink = { provider: 'youtube' | 'vimeo'; videoId: string; /** Vimeo's private-link hash (unlisted videos need it). */ hash: string | null; url: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * A YouTube or Vimeo address as a teacher pastes it (watch, share, embed, shorts, live, player
 * links; http or https; with or without www / m.), or null. The canonical `url` is what is stored
 * and shown.
 */
export function parseVideoLink(raw: string): VideoLink | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const youtube = (id: string | null | undefined): VideoLink | null =>
    id && YOUTUBE_ID.test(id) ? { provider: 'youtube', videoId: id, hash: null, url: `https://www.youtube.com/watch?v=${id}` } : null;
  if (host === 'youtu.be') return youtube(u.pathname.split('/')[1]);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (u.pathname === '/watch') return youtube(u.searchParams.get('v'));
    return youtube(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(u.pathname)?.[1]);
  }
  const vimeo = (id: string | undefined, hash: string | null | undefined): VideoLink | null => {
    if (!id || !/^\d{1,12}$/.test(id)) return null;
    const h = hash && /^[a-f0-9]{6,32}$/i.test(hash) ? hash : null;
    return { provider: 'vimeo', videoId: id, hash: h, url: `https://vimeo.com/${id}${h ? `/${h}` : ''}` };
  };
  if (host === 'vimeo.com') {
    const m = /^\/(?:channels\/[^/]+\/|groups\/[^/]+\/videos\/|video\/)?(\d+)(?:\/([a-f0-9]+))?\/?$/i.exec(u.pathname);
    return m ? vimeo(m[1], m[2] ?? u.searchParams.get('h')) : null;
  }
  if (host === 'player.vimeo.com') return vimeo(/^\/video\/(\d+)\/?$/.exec(u.pathname)?.[1], u.searchParams.get('h'));
  return null;
}

// ─── replies ────────────────────────────────────────────────────────────────────────────────────

const seconds = z.number().describe('초');

export const videoProcessing = z.object({
  percent: z.number().describe('처리 진행률 (0–100)'),
  message: text().nullable().describe('지금 하는 일 (길이 확인, 미리보기 이미지, 스트리밍용 변환)'),
});

/** A video as staff see it in a session's list. */
export const video = z.object({
  id: z.number(),
  lectureId: z.number(),
  weeklyLectureId: z.number(),
  title: text(),
  source: z.enum(VIDEO_SOURCES),
  status: z.enum(VIDEO_STATUSES),
  durationSec: seconds.nullable().describe('영상 길이 (업로드는 처리 후에 알 수 있음)'),
  linkUrl: text().nullable().describe('YouTube·Vimeo 주소 (링크 영상)'),
  file: z.object({ id: z.number(), fileName: text(), size: z.number() }).nullable().describe('올린 원본 파일 (업로드 영상)'),
  width: z.number().nullable(),
  height: z.number().nullable(),
  processing: videoProcessing.nullable().describe('처리 중일 때의 진행 상황'),
  error: text().nullable().describe('처리에 실패한 까닭'),
  posterUrl: text().nullable().describe('미리보기 이미지 (서명된 주소, 몇 시간 유효)'),
  completedCount: z.number().describe('완료한 학생 수'),
  viewerCount: z.number().describe('한 번이라도 본 학생 수'),
  createdByName: text().nullable(),
  createdAt: text(),
});
export type Video = z.infer<typeof video>;

/**
 * Where a student is with a video, from the same record as its percent (videos.rows.ts `toProgress`):
 * nothing counted yet, some of it watched, or completed. Screens say this, never their own guess.
 */
export const VIDEO_WATCH_STATES = ['not_started', 'watching', 'completed'] as const;
export type VideoWatchState = (typeof VIDEO_WATCH_STATES)[number];
export const VIDEO_WATCH_STATE_LABEL: Record<VideoWatchState, string> = { not_started: '아직 안 봄', watching: '보는 중', completed: '완료' };

/** What a student has watched of one video. */
export const videoProgress = z.object({
  videoId: z.number(),
  positionSec: seconds.describe('마지막 재생 위치 (이어 보기)'),
  watchedSec: seconds.describe('실제로 본 시간 (본 구간의 합집합, 건너뛴 부분 제외)'),
  percent: z.number().describe('본 비율 (0–100)'),
  completed: z.boolean(),
  state: z.enum(VIDEO_WATCH_STATES).describe('not_started: 아직 안 봄 (본 비율 0), watching: 보는 중, completed: 완료'),
  completedAt: text().nullable(),
  lastSeenAt: text().nullable().describe('마지막으로 본 때'),
});
export type VideoProgress = z.infer<typeof videoProgress>;

/** One cell of the staff table: null when the student never opened the video. */
export const progressCell = z
  .object({
    percent: z.number(),
    watchedSec: seconds,
    positionSec: seconds,
    completed: z.boolean(),
    lastSeenAt: text().nullable(),
  })
  .nullable();
export type ProgressCell = z.infer<typeof progressCell>;

/** `videos/info`: students × videos of one weekly lecture. */
export const videoInfo = z.object({
  completionPercent: z.number(),
  videos: z.array(z.object({ id: z.number(), title: text(), source: z.enum(VIDEO_SOURCES), status: z.enum(VIDEO_STATUSES), durationSec: seconds.nullable(), completedCount: z.number() })),
  students: z.array(
    z.object({
      userId: z.number(),
      name: text(),
      loginId: text(),
      participant: z.boolean().describe('이 회차의 참여자인지 (아니면 강좌 수강생으로서 본 학생)'),
      cells: z.array(progressCell).describe('videos와 같은 순서'),
    }),
  ),
});
export type VideoInfo = z.infer<typeof videoInfo>;

/** A student's videos across their lectures (the student page in the CRM). */
export const studentVideoRow = z.object({
  videoId: z.number(),
  title: text(),
  source: z.enum(VIDEO_SOURCES),
  lectureId: z.number(),
  lectureName: text(),
  weeklyLectureId: z.number(),
  sessionTitle: text(),
  date: text(),
  durationSec: seconds.nullable(),
  percent: z.number(),
  watchedSec: seconds,
  completed: z.boolean(),
  lastSeenAt: text().nullable(),
});
export type StudentVideoRow = z.infer<typeof studentVideoRow>;

export const videoSettings = z.object({
  completionPercent: z.number().int().min(50).max(100).describe('완료로 보는 시청 비율 (%)'),
  attendanceTypeId: id.nullable().describe('영상을 완료하면 그 회차 출결에 넣을 유형 (없으면 출결을 건드리지 않음)'),
});
export type VideoSettings = z.infer<typeof videoSettings>;

// ─── the portal ─────────────────────────────────────────────────────────────────────────────────

export const portalVideo = z.object({
  id: z.number(),
  title: text(),
  source: z.enum(VIDEO_SOURCES),
  durationSec: seconds.nullable(),
  posterUrl: text().nullable(),
  lectureId: z.number(),
  lectureName: text(),
  weeklyLectureId: z.number(),
  sessionTitle: text(),
  date: text(),
  progress: videoProgress,
});
export type PortalVideo = z.infer<typeof portalVideo>;

export const playback = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file'),
    url: text().describe('서명된 스트리밍 주소 (Range 요청 지원, 영상 길이의 두 배 + 30분 뒤 만료)'),
    posterUrl: text().nullable(),
    expiresAt: text(),
  }),
  z.object({ kind: z.literal('youtube'), videoId: text(), url: text() }),
  z.object({ kind: z.literal('vimeo'), videoId: text(), hash: text().nullable(), url: text() }),
]);
export type Playback = z.infer<typeof playback>;

export const portalPlay = z.object({
  video: portalVideo,
  playback,
  completionPercent: z.number(),
  watchToken: text().describe('이 학생·이 영상의 진행 기록에만 쓰는 서명된 표 (페이지를 떠날 때 sendBeacon으로 보낼 때 씀, 12시간)'),
  watermark: z.object({ name: text(), phoneTail: text() }).describe('화면 녹화를 막으려고 영상 위에 움직이며 보이는 이름과 전화번호 끝자리'),
});
export type PortalPlay = z.infer<typeof portalPlay>;

// ─── requests ───────────────────────────────────────────────────────────────────────────────────

const title = text().trim().min(1).max(100).describe('영상 제목');

export const createVideoBody = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('upload'),
    title,
    fileId: id.describe('이 회차에 kind=video로 올린 파일 (files multipart 업로드)'),
  }),
  z.object({
    source: z.literal('link'),
    title,
    url: text()
      .trim()
      .max(500)
      .refine((v) => parseVideoLink(v) !== null, 'YouTube 또는 Vimeo 영상 주소가 아닙니다')
      .describe('YouTube 또는 Vimeo 주소'),
    durationSec: z.number().int().min(1).max(MAX_DURATION_SEC).describe('영상 길이 (초): 진도율의 기준. 추가 화면의 미리보기가 채워 줌'),
  }),
]);
export type CreateVideoBody = z.input<typeof createVideoBody>;

export const updateVideoBody = z.object({
  title,
  durationSec: z.number().int().min(1).max(MAX_DURATION_SEC).optional().describe('링크 영상의 길이 고치기 (업로드 영상은 서버가 잰 길이를 씀)'),
});

/** An interval the player really played, in seconds of the video: [from, to]. */
const interval = z
  .tuple([z.number().min(0).max(MAX_DURATION_SEC), z.number().min(0).max(MAX_DURATION_SEC)])
  .refine(([a, b]) => a <= b, '구간의 끝이 시작보다 앞섭니다');

export const progressBody = z.strictObject({
  videoId: id,
  positionSec: z.number().min(0).max(MAX_DURATION_SEC).describe('지금 재생 위치'),
  played: z.array(interval).max(1000).describe('이 페이지에서 실제로 재생한 구간들 (겹쳐도 됨; 서버가 합집합을 유지)'),
  event: z.enum(['tick', 'pause', 'ended', 'leave']).default('tick').describe('보낸 까닭: 주기(10초), 일시정지, 끝, 페이지 떠남'),
});
export type ProgressBody = z.input<typeof progressBody>;

export const beaconBody = progressBody.extend({ watchToken: text().min(20).max(2000).describe('재생 정보(GET /sp/videos/{id})가 준 watchToken') });
export type BeaconBody = z.input<typeof beaconBody>;

// ─── endpoints ──────────────────────────────────────────────────────────────────────────────────

const wlBase = '/lectures/:id/weekly-lectures/:wlId';
const tag = 'videos';
const portalTag = 'my-videos';

export const videosApi = {
  list: endpoint({ method: 'GET', path: `${wlBase}/videos`, tag, permission: 'TA', summary: '회차의 영상 목록', reply: z.array(video) }),
  create: endpoint({
    method: 'POST', path: `${wlBase}/videos`, tag, permission: 'TA',
    summary: '영상 추가 (올린 파일 또는 YouTube·Vimeo 링크)',
    description: '업로드: 먼저 files의 multipart 흐름으로 kind=video 파일을 올린 뒤 그 fileId로 추가합니다. 서버가 길이, 미리보기 이미지, 스트리밍용 변환(faststart)을 백그라운드 작업으로 처리하고 진행 상황을 실시간 토픽 videos:<회차 id>로 알립니다.',
    body: createVideoBody, reply: video,
  }),
  update: endpoint({ method: 'PUT', path: '/videos/:id', tag, permission: 'TA', summary: '영상 제목(과 링크 영상의 길이) 고치기', body: updateVideoBody, reply: video }),
  delete: endpoint({ method: 'DELETE', path: '/videos/:id', tag, permission: 'TA', summary: '영상 삭제 (시청 기록은 남음; 올린 원본도 삭제)', reply: z.object({ id: z.number() }) }),
  retry: endpoint({ method: 'POST', path: '/videos/:id/retry', tag, permission: 'TA', summary: '처리에 실패한 영상 다시 처리', reply: video }),
  preview: endpoint({ method: 'GET', path: '/videos/:id/playback', tag, permission: 'TA', summary: '직원용 미리보기 재생 정보', reply: playback }),
  info: endpoint({
    method: 'GET', path: `${wlBase}/videos/info`, tag, permission: 'TA',
    summary: '회차 영상 시청 현황 (학생 × 영상: 진도율, 본 시간, 마지막 시청, 완료)', reply: videoInfo,
  }),
  download: endpoint({ method: 'GET', path: `${wlBase}/videos/download`, tag, permission: 'TA', summary: '회차 영상 시청 현황 엑셀 (.xlsx)', reply: downloadReply(XLSX_TYPE) }),
  student: endpoint({ method: 'GET', path: '/students/:id/videos', tag, permission: 'TA', summary: '학생 한 명의 영상 시청 현황 (수강하는 모든 회차)', reply: z.array(studentVideoRow) }),
  settings: endpoint({ method: 'GET', path: '/video-settings', tag, permission: 'TA', summary: '영상 설정 (완료 기준, 완료 시 출결)', reply: videoSettings }),
  saveSettings: endpoint({ method: 'PUT', path: '/video-settings', tag, permission: 'ADMIN', summary: '영상 설정 저장', body: videoSettings, reply: videoSettings }),
};

export const portalVideosApi = {
  list: endpoint({ method: 'GET', path: '/sp/videos', tag: portalTag, permission: 'STUDENT', summary: '내가 볼 수 있는 영상 (회차별, 내 진도와 함께)', reply: z.array(portalVideo) }),
  play: endpoint({
    method: 'GET', path: '/sp/videos/:id', tag: portalTag, permission: 'STUDENT',
    summary: '영상 재생 정보 (서명된 스트리밍 주소, 이어 볼 위치, 진행 기록용 watchToken)',
    description: '수강하지 않는 회차의 영상은 403 videos.forbidden. 업로드 영상의 주소는 서명되어 있고 만료되면 403을 받으니, 그때 이 호출로 새 주소를 받습니다.',
    reply: portalPlay,
  }),
  progress: endpoint({
    method: 'GET', path: '/sp/video-progress', tag: portalTag, permission: 'STUDENT',
    summary: '내 영상 진도 (videoId를 주면 그 영상만)', query: z.object({ videoId: idParam.optional() }), reply: z.array(videoProgress),
  }),
  report: endpoint({
    method: 'POST', path: '/sp/video-progress', tag: portalTag, permission: 'STUDENT',
    summary: '영상 진행 기록 (10초마다, 일시정지, 끝)',
    description: '본 구간의 합집합을 서버가 유지하므로 같은 구간을 여러 번 보내도 한 번만 셉니다. 새로 센 시간은 실제 흐른 시간 × 최고 배속(2배)을 넘지 못하므로, 건너뛰기나 꾸민 구간으로는 완료되지 않습니다.',
    body: progressBody, reply: videoProgress,
  }),
  beacon: endpoint({
    method: 'POST', path: '/sp/video-progress/beacon', tag: portalTag, permission: 'open',
    summary: '페이지를 떠날 때의 진행 기록 (navigator.sendBeacon)',
    description: 'sendBeacon은 Authorization 헤더를 보낼 수 없으므로 본문(text/plain 또는 application/json의 JSON)에 재생 정보가 준 watchToken을 담습니다. watchToken은 한 학생·한 영상의 진행 기록에만 쓰이는 서명된 표(12시간)로, 로그인 토큰을 대신하지 못합니다. 잘못되거나 만료된 표는 401 videos.token_invalid.',
    body: beaconBody, reply: z.object({ ok: z.literal(true) }),
  }),
};

/** A session's videos topic `videos:<weeklyLectureId>` (staff only): processing progress and the end of each job. */
export const videosTopic = defineTopic('videos', jobEvents);
