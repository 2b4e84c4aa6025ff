/** System calls: health, the version file (SPEC §4), and the client error log (SPEC §8). */
import { z } from 'zod';
import { text } from './validation.ts';
import { downloadReply, endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';

export const SYSTEM_ERRORS = errorCodes('error_log', { rate_limited: 429 });
export const READY_ERRORS = errorCodes('system', { not_ready: 503 });

/** Per client address, how many error reports a minute are kept (a crash loop must not fill the disk). */
export const ERROR_LOG_RATE_PER_MINUTE = 30;

export const errorLogBody = z.object({
  message: text().max(2000).describe('오류 메시지'),
  stack: text().max(20000).nullish().describe('스택 트레이스'),
  url: text().max(2000).nullish().describe('오류가 난 화면 주소'),
  timestamp: z.union([text().max(64), z.number()]).nullish().describe('클라이언트 시각'),
  userAgent: text().max(1000).nullish(),
});

export const errorLogItem = z.object({
  id: z.number(),
  message: text(),
  stack: text().nullable(),
  url: text().nullable(),
  timestamp: text().nullable(),
  userAgent: text().nullable(),
  userId: z.number().nullable(),
  ip: text().nullable(),
  createdAt: text(),
});
export type ErrorLogItem = z.infer<typeof errorLogItem>;

const tag = 'system';
export const systemApi = {
  health: endpoint({
    method: 'GET', path: '/health', tag, permission: 'open', summary: '서버 상태 (프로세스가 살아 있는지: 데이터베이스는 보지 않음)',
    reply: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), version: text() }),
  }),
  ready: endpoint({
    method: 'GET', path: '/ready', tag, permission: 'open',
    summary: '요청을 받을 준비가 되었는지 (데이터베이스 연결, 마이그레이션 완료; 종료 중이면 503)',
    reply: z.object({ status: z.literal('ready'), db: z.enum(['pglite', 'postgres']), version: text() }),
  }),
  version: endpoint({
    method: 'GET', path: '/version.json', tag, permission: 'open', summary: '배포된 앱 버전 (캐시 없음)', atRoot: true, hidden: true,
    query: z.object({ t: text().max(40).optional().describe('캐시를 피하는 시각 값') }).loose(),
    reply: z.object({ version: text().describe('점으로 구분한 숫자 (1.83.19)') }),
  }),
  metrics: endpoint({
    method: 'GET', path: '/metrics', tag, permission: 'ADMIN',
    summary: '이 서버 인스턴스의 Prometheus 지표 (요청 지연, DB 연결, 작업 대기열, 실시간 연결)',
    description: '인증 없이 수집하려면 METRICS_PORT로 별도 포트를 여세요 (내부망 주소에만).',
    reply: downloadReply('text/plain; version=0.0.4'),
  }),
  logError: endpoint({
    method: 'POST', path: '/error-log/error', tag, permission: 'open', summary: '클라이언트 오류 기록', maxBodyBytes: 64 * 1024,
    body: errorLogBody, reply: z.object({ ok: z.literal(true) }),
  }),
  errorLogs: endpoint({
    method: 'GET', path: '/admin/error-logs', tag, permission: 'ADMIN', summary: '클라이언트 오류 목록 (최신순)',
    query: z.object({
      page: z.coerce.number().int().min(1).max(100000).default(1).describe('1부터'),
      size: z.coerce.number().int().min(1).max(200).default(50),
    }),
    reply: z.object({ items: z.array(errorLogItem), totalCount: z.number() }),
  }),
};
