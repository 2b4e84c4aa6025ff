import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Audit } from './lib/audit/audit.ts';
import type { Jobs } from './lib/jobs/jobs.ts';
import type { Limits } from './lib/limits/limits.ts';
import type { PublicLinks } from './lib/links/links.ts';
import type { Realtime } from './lib/realtime/realtime.ts';
import type { Sms } from './lib/sms/sms.ts';
import type { Storage } from './lib/storage/storage.ts';
import type { TokenSigner } from './lib/tokens.ts';

/**
 * The kernel: the shared mechanisms every module may use (database, audit, SMS outbox, file
 * storage, realtime push, jobs, attempt limits, public links, token signing, the clock). Built once in buildApp; tests may
 * swap `now`. `db` joins the caller's transaction (src/db/client.ts).
 */
export type AppContext = {
  config: Config;
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  signer: TokenSigner;
  /** Who changed what: every write of every area records itself here, in its own transaction. */
  audit: Audit;
  /** Texts to people: queued in the caller's transaction, delivered by a job through the configured driver (src/lib/sms). */
  sms: Sms;
  /** Where file bytes live (local folder or S3), for every area that keeps files. */
  storage: Storage;
  /** LISTEN on a database channel: NOTIFY payloads from every instance, as their transactions commit (caches that must agree across instances). */
  listen: Database['listen'];
  /** Pushes events to open screens on every instance (score grid edits, locks …). */
  realtime: Realtime;
  /** Background work that survives a restart: queues, retries, schedules (src/lib/jobs). */
  jobs: Jobs;
  /** Attempt limits (sign-in, find-password, the board, the error log): claimed atomically in PostgreSQL before the work (src/lib/limits). */
  limits: Limits;
  /** Hashed, expiring, revocable tokens for pages opened from an SMS (a parent's score report). */
  links: PublicLinks;
  now: () => Date;
};
