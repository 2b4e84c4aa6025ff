import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { JobTiming } from './lib/jobs/jobs.ts';

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** One proxy address: an IP, or a network as IP/prefix ("10.0.0.0/8", "::1/128"). */
function isAddressOrCidr(entry: string): boolean {
  const [ip, prefix, extra] = entry.split('/');
  const family = isIP(ip ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const addressList = z
  .string()
  .transform((v) => v.split(',').map((x) => x.trim()).filter(Boolean))
  .refine((list) => list.every(isAddressOrCidr), 'IP 또는 CIDR(예: 10.0.0.0/8)을 쉼표로 구분해 주세요 / comma-separated IPs or CIDRs');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'postgres:// URL이어야 합니다 / must be a postgres:// URL').optional(),
  DEMO_DATA: boolish.optional(),
  PGLITE_WORKER: boolish.optional(),
  JWT_SECRET: z.string().min(32, '32자 이상이어야 합니다 / must be at least 32 characters').optional(),
  ADMIN_LOGIN_ID: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: addressList.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE_DRIVER: z.enum(['local', 's3'], 'local 또는 s3여야 합니다 / must be local or s3').default('local'),
  S3_ENDPOINT: z.url('URL이어야 합니다 / must be a URL').optional(),
  S3_BUCKET: z.string().min(3, '3자 이상이어야 합니다 / must be at least 3 characters').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolish.optional(),
  SLOW_QUERY_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  SMS_DRIVER: z.enum(['outbox', 'solapi'], 'outbox 또는 solapi여야 합니다 / must be outbox or solapi').default('outbox'),
  SMS_RATE_PER_SECOND: z.coerce.number().min(0).max(10_000).default(20),
  SMS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
  SMS_PRICE_SMS: z.coerce.number().min(0).max(1000).default(13),
  SMS_PRICE_LMS: z.coerce.number().min(0).max(1000).default(29),
  SMS_PRICE_ALIMTALK: z.coerce.number().min(0).max(1000).default(8),
  SOLAPI_API_KEY: z.string().min(1).optional(),
  SOLAPI_API_SECRET: z.string().min(1).optional(),
  SOLAPI_SENDER: z.string().regex(/^0\d{8,10}$/, '발신번호는 숫자만 9~11자리여야 합니다 / digits only, 9–11 long').optional(),
  SOLAPI_BASE_URL: z.url('URL이어야 합니다 / must be a URL').default('https://api.solapi.com'),
  UPLOAD_QUOTA_STUDENT_MB: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  UPLOAD_QUOTA_STAFF_MB: z.coerce.number().int().min(0).max(10_000_000).default(0),
  UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(20),
  // Job leases (src/lib/jobs JOB_TIMING); tests shorten them so a takeover is seen in seconds.
  JOB_LEASE_RENEW_SECONDS: z.coerce.number().min(0.1).max(600).optional(),
  JOB_LEASE_ABORT_SECONDS: z.coerce.number().min(0.2).max(3600).optional(),
  JOB_LEASE_STALE_SECONDS: z.coerce.number().min(0.3).max(7200).optional(),
});

/**
 * How long a client may take over its request and its connection, in milliseconds: generous
 * enough for a phone on a bad network uploading a long recording, short enough that thousands of
 * stalled connections cannot hold the server. A request whose body is on its way must deliver at
 * least `bodyMinBytes` every `bodyWindowMs`, or it is answered 408 and its connection closed.
 */
export type HttpTimeouts = {
  /** From the connection to the end of the request's headers. */
  headersMs: number;
  /** From the connection to the end of the whole request, body included (a large upload). */
  requestMs: number;
  /** A socket with nothing sent either way for this long is closed. */
  idleMs: number;
  /** An idle keep-alive connection between requests is closed after this (above the usual proxies' 60 s). */
  keepAliveMs: number;
  /** The body's pace: at least this many bytes … */
  bodyMinBytes: number;
  /** … in every window of this length. */
  bodyWindowMs: number;
};

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 20_000,
  requestMs: 60 * 60_000,
  idleMs: 120_000,
  keepAliveMs: 72_000,
  bodyMinBytes: 1024,
  bodyWindowMs: 10_000,
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoData: boolean;
  jwtSecret: string;
  initialAdmin: { loginId: string; password: string } | undefined;
  /**
   * The address of the site as people reach it, without a trailing slash: every link sent by SMS
   * starts with it. Never taken from a request's headers.
   */
  publicUrl: string;
  /** Proxies whose X-Forwarded-* headers are believed (IPs or CIDRs); none by default. */
  trustProxy?: string[];
  logLevel: string;
  version: string;
  /** Where file bytes live; absent means the local folder under DATA_DIR/storage. */
  storage?: StorageConfig;
  /** Statements slower than this are logged with their text (PostgreSQL). */
  slowQueryMs?: number;
  /** The embedded database (no DATABASE_URL) runs in a worker thread of its own (PGLITE_WORKER, on by default). */
  pgliteWorker?: boolean;
  /** A port of its own for GET /metrics without a token (Prometheus); off when absent. */
  metrics?: { port: number; host: string };
  /** Lease timing of running jobs (src/lib/jobs JOB_TIMING when absent). */
  jobTiming?: Partial<JobTiming>;
  /** Request and connection timeouts (HTTP_TIMEOUTS when absent; tests shorten them). */
  httpTimeouts?: HttpTimeouts;
  /** How texts leave the building; absent means the outbox driver (nothing leaves) at the default rate and prices. */
  sms?: SmsConfig;
  /** Per-account upload limits; absent means the defaults (UPLOAD_LIMIT_DEFAULTS). */
  uploads?: UploadLimits;
};

/**
 * What one account may keep and start: bytes of its files that are not deleted (pending ones
 * included), by role, and uploads started per minute. 0 means no limit.
 */
export type UploadLimits = { quotaBytes: { student: number; staff: number }; perMinute: number };

export const UPLOAD_LIMIT_DEFAULTS: UploadLimits = { quotaBytes: { student: 1024 * 1024 * 1024, staff: 0 }, perMinute: 20 };

export type SmsConfig = {
  /** Messages a second one instance hands to the provider (0: no limit). */
  ratePerSecond: number;
  /** Per provider request. */
  timeoutMs: number;
  /** Provider prices in won per message, shown before sending. */
  prices: { sms: number; lms: number; alimtalk: number };
  driver: { name: 'outbox' } | { name: 'solapi'; apiKey: string; apiSecret: string; sender: string; baseUrl: string };
};

export const DEFAULT_SMS_CONFIG: SmsConfig = { ratePerSecond: 20, timeoutMs: 10_000, prices: { sms: 13, lms: 29, alimtalk: 8 }, driver: { name: 'outbox' } };

export type StorageConfig =
  | { driver: 'local' }
  | { driver: 's3'; endpoint: string | undefined; bucket: string; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean };

export class ConfigError extends Error {}

/**
 * Reads the environment once. Fails fast with a message in Korean and English, so whoever starts
 * the server sees exactly which variable is wrong.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`설정 오류 / Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  const demoData = e.DEMO_DATA ?? embedded;

  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('설정 오류 / Invalid configuration: 운영 환경에서는 JWT_SECRET이 필요합니다 / JWT_SECRET is required when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && demoData) {
    throw new ConfigError('설정 오류 / Invalid configuration: 운영 환경에서는 데모 데이터(기본 비밀번호)를 쓸 수 없습니다 / DEMO_DATA cannot be on when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError('설정 오류 / Invalid configuration: 운영 환경에서는 PUBLIC_URL(문자로 보내는 링크의 주소)이 필요합니다 / PUBLIC_URL is required when NODE_ENV=production');
  }
  if ((e.ADMIN_LOGIN_ID && !e.ADMIN_PASSWORD) || (!e.ADMIN_LOGIN_ID && e.ADMIN_PASSWORD)) {
    throw new ConfigError('설정 오류 / Invalid configuration: ADMIN_LOGIN_ID와 ADMIN_PASSWORD는 함께 지정해야 합니다 / set both ADMIN_LOGIN_ID and ADMIN_PASSWORD');
  }

  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('설정 오류 / Invalid configuration: STORAGE_DRIVER=s3이면 S3_BUCKET이 필요합니다 / S3_BUCKET is required when STORAGE_DRIVER=s3');
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('설정 오류 / Invalid configuration: S3_ACCESS_KEY_ID와 S3_SECRET_ACCESS_KEY는 함께 지정해야 합니다 / set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }

  const lease = { renewSeconds: e.JOB_LEASE_RENEW_SECONDS, sweepSeconds: e.JOB_LEASE_RENEW_SECONDS, abortSeconds: e.JOB_LEASE_ABORT_SECONDS, staleSeconds: e.JOB_LEASE_STALE_SECONDS };
  const jobTiming = Object.fromEntries(Object.entries(lease).filter(([, v]) => v !== undefined)) as Partial<JobTiming>;
  if (Object.keys(jobTiming).length && !(lease.renewSeconds && lease.abortSeconds && lease.staleSeconds && lease.renewSeconds < lease.abortSeconds && lease.abortSeconds < lease.staleSeconds)) {
    throw new ConfigError('설정 오류 / Invalid configuration: JOB_LEASE_RENEW_SECONDS < JOB_LEASE_ABORT_SECONDS < JOB_LEASE_STALE_SECONDS를 함께 지정해야 합니다 / set all three, renew < abort < stale');
  }

  if (e.SMS_DRIVER === 'solapi' && (!e.SOLAPI_API_KEY || !e.SOLAPI_API_SECRET || !e.SOLAPI_SENDER)) {
    throw new ConfigError('설정 오류 / Invalid configuration: SMS_DRIVER=solapi이면 SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER가 필요합니다 / SOLAPI_API_KEY, SOLAPI_API_SECRET and SOLAPI_SENDER are required when SMS_DRIVER=solapi');
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    demoData,
    jwtSecret: e.JWT_SECRET ?? embeddedSecret(dataDir),
    initialAdmin: e.ADMIN_LOGIN_ID && e.ADMIN_PASSWORD ? { loginId: e.ADMIN_LOGIN_ID, password: e.ADMIN_PASSWORD } : undefined,
    // In development the links point at the address the server listens on.
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY ?? [],
    logLevel: e.LOG_LEVEL,
    version: APP_VERSION,
    slowQueryMs: e.SLOW_QUERY_MS,
    pgliteWorker: e.PGLITE_WORKER ?? true,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    storage: e.STORAGE_DRIVER === 's3'
      ? {
          driver: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Self-hosted S3-compatible stores (MinIO, Garage …) usually need path-style addressing.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
        }
      : { driver: 'local' },
    jobTiming,
    httpTimeouts: HTTP_TIMEOUTS,
    uploads: {
      quotaBytes: { student: e.UPLOAD_QUOTA_STUDENT_MB * 1024 * 1024, staff: e.UPLOAD_QUOTA_STAFF_MB * 1024 * 1024 },
      perMinute: e.UPLOAD_RATE_PER_MINUTE,
    },
    sms: {
      ratePerSecond: e.SMS_RATE_PER_SECOND,
      timeoutMs: e.SMS_TIMEOUT_SECONDS * 1000,
      prices: { sms: e.SMS_PRICE_SMS, lms: e.SMS_PRICE_LMS, alimtalk: e.SMS_PRICE_ALIMTALK },
      driver: e.SMS_DRIVER === 'solapi'
        ? { name: 'solapi', apiKey: e.SOLAPI_API_KEY!, apiSecret: e.SOLAPI_API_SECRET!, sender: e.SOLAPI_SENDER!, baseUrl: e.SOLAPI_BASE_URL }
        : { name: 'outbox' },
    },
  };
}

/** A secret generated once into DATA_DIR so tokens survive restarts of an embedded install. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const APP_VERSION = '1.83.19';
