import type { jobEvents, JobEvent, Topic } from '@academy/contracts/realtime';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { parseRows } from '../../db/sql.ts';
import { requestContext } from '../observability/request-context.ts';
import type { Realtime } from '../realtime/realtime.ts';

/**
 * The job system of the whole product: background work that must survive a restart (SMS sending,
 * OMR reading, video processing, scheduled parent links, clean-ups). It is pg-boss on the
 * product's own database — PostgreSQL, or PGlite through the same SQL (`Database.sqlText`, pg-boss's
 * adapter; our own statements are Drizzle `sql` templates) — so a
 * job is stored in the transaction that asked for it, runs on whichever instance picks it first
 * (FOR UPDATE SKIP LOCKED), is retried with backoff when it fails, and comes back after its expiry
 * when the instance running it died. Handlers must therefore be idempotent: a job may run again
 * after a crash, so its effect is written with a key that cannot be written twice.
 *
 * Modules declare their queues and schedules in their hooks (`jobs`, `schedules`, see module.ts);
 * they enqueue with `ctx.jobs.send(queue, data)`, inside the transaction of the change when there
 * is one. Workers wake at once when a job is committed on any instance (NOTIFY), else poll.
 */

export type JobProgress = { done: number; total: number; message?: string };

const jobCount = z.object({ state: z.enum(['created', 'retry', 'active', 'completed', 'failed', 'cancelled']), n: z.number() });

/** A topic whose kind carries the jobs' events (`jobEvents` in contracts). */
export type JobTopic = Topic<{ kind: string; events: typeof jobEvents }>;

/** The part of the server's logger (pino) that jobs use. */
export type JobLogger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
  child: (bindings: object) => JobLogger;
};

export type Job<T> = {
  id: string;
  queue: string;
  data: T;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  /** Aborted when the instance shuts down: stop early and throw; the job is handed back and retried. */
  signal: AbortSignal;
  /** Publishes progress on the queue's `progressTopic` (a realtime topic of the owning area). */
  progress: (p: JobProgress) => Promise<void>;
  /** The id of the request that queued the job (or the job's own id): logs and nested jobs carry it. */
  requestId: string;
  /** The server's logger, bound to this job's request id, queue and id. */
  log: JobLogger;
};

export type JobDefinition<T = unknown> = {
  /** Letters, digits, `_`, `-` and `.`; prefix with the area: `sms.send`, `omr.read`. */
  queue: string;
  handler: (job: Job<T>) => Promise<void>;
  /** Jobs of this queue running at once on one instance (default 1); without `batchSize` each has its own fetcher, so one long job never holds back the next. */
  concurrency?: number;
  /** Jobs fetched in one round (default: `concurrency`); raise it for many tiny jobs. */
  batchSize?: number;
  /** Retries after the first failure (default 3), `retryDelaySeconds` apart, doubling (default 5). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job still running after this is failed and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** The realtime topic progress and the end of a job go to (`videosTopic.of(12)`): a kind that carries `jobEvents`; none by default. */
  progressTopic?: (data: T) => JobTopic;
  /**
   * pg-boss queue policy (default `standard`). With `short`, at most one job per `singletonKey`
   * waits to run; with `stately`, at most one waits and one runs.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
};

/** A recurring job: `cron` in Asia/Seoul time (minute hour day month weekday). Runs on one instance. */
export type Schedule = { name: string; cron: string; run: () => Promise<void> };

export type SendOptions = {
  /** Not before this time. */
  startAfter?: Date;
  /** With a `short` or `stately` queue: at most one waiting job per key. */
  singletonKey?: string;
  /** A UUID chosen by the caller: sending the same id twice queues one job (idempotent enqueue). */
  id?: string;
};

export type Jobs = {
  /** Registers a queue's handler; call before `start` (the app does it from the modules' hooks). */
  define: <T>(def: JobDefinition<T>) => void;
  schedule: (s: Schedule) => void;
  /** Queues a job, inside the caller's transaction when there is one. Null when a singleton or id already exists. */
  send: <T>(queue: string, data: T, opts?: SendOptions) => Promise<string | null>;
  /** Queues many jobs of one queue in one statement. */
  sendMany: <T>(queue: string, items: ({ data: T } & SendOptions)[]) => Promise<void>;
  /** Resolves when this instance has finished the job (tests and tools; other instances' jobs are not seen). */
  settled: (id: string) => Promise<'completed' | 'failed'>;
  /** Jobs of a queue by state, from the database (all instances). */
  counts: (queue: string) => Promise<Record<'created' | 'retry' | 'active' | 'completed' | 'failed' | 'cancelled', number>>;
  /** Jobs waiting (created, retry) or running (active), by queue: the queue depth of every instance. */
  depth: () => Promise<{ queue: string; state: string; count: number }[]>;
  start: () => Promise<void>;
  /** Stops taking jobs, lets running ones finish for `graceMs`, then hands the rest back for a retry. */
  stop: (opts?: { graceMs?: number }) => Promise<void>;
};

export const SCHEDULE_TZ = 'Asia/Seoul';
const WAKE_CHANNEL = 'academy_jobs';
const QUEUE_NAME = /^[A-Za-z0-9_.-]{1,60}$/;

type Running = { queue: string; abort: AbortController; done: Promise<void> };
/** What is stored as a job's data: the caller's data and the request it came from. */
type Stored = { data: unknown; requestId?: string };
const wrap = (data: unknown): Stored => ({ data, requestId: requestContext.current()?.requestId });

export function createJobs(opts: {
  database: Pick<Database, 'db' | 'sqlText' | 'listen'>;
  realtime: Pick<Realtime, 'publish'>;
  log: JobLogger;
  /** Seconds between polls when no wake-up arrives (default 2). */
  pollingIntervalSeconds?: number;
}): Jobs {
  const { database, realtime, log } = opts;
  const db = { executeSql: (text: string, values: unknown[]) => database.sqlText(text, values) };
  const boss = new PgBoss({
    db,
    schema: 'pgboss',
    // Completed jobs are kept for a day (for history and debugging), failed ones for a week.
    deleteAfterDays: 7,
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    maintenanceIntervalSeconds: 120,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err: Error) => log.error({ err }, 'job system error'));

  const defs = new Map<string, JobDefinition<never>>();
  const schedules: Schedule[] = [];
  const workers = new Map<string, string[]>();
  const running = new Set<Running>();
  const waiting = new Map<string, ((s: 'completed' | 'failed') => void)[]>();
  let unlisten: (() => Promise<void>) | null = null;
  let started = false;
  let stopping = false;

  const settle = (id: string, state: 'completed' | 'failed') => {
    for (const resolve of waiting.get(id) ?? []) resolve(state);
    waiting.delete(id);
  };

  const publishEnd = async (def: JobDefinition<never>, data: unknown, payload: JobEvent) => {
    if (!def.progressTopic) return;
    await realtime.publish(def.progressTopic(data as never), { type: 'job', data: payload }).catch((err: unknown) => log.warn({ err }, 'job event not published'));
  };

  /** Runs one job; a success is recorded by the caller, for the whole batch at once (`completeAll`). */
  const runOne = async (def: JobDefinition<never>, raw: PgBoss.JobWithMetadata<Stored>, succeeded: PgBoss.JobWithMetadata<Stored>[]) => {
    const abort = new AbortController();
    const data = raw.data?.data as never;
    const requestId = raw.data?.requestId ?? raw.id;
    const job: Job<never> = {
      id: raw.id,
      queue: def.queue,
      data,
      attempt: raw.retryCount + 1,
      signal: abort.signal,
      requestId,
      log: log.child({ reqId: requestId, queue: def.queue, jobId: raw.id }),
      progress: async (p) => {
        if (!def.progressTopic) return;
        await realtime.publish(def.progressTopic(data), { type: 'job', data: { jobId: raw.id, queue: def.queue, state: 'active', ...p } });
      },
    };
    const entry: Running = { queue: def.queue, abort, done: Promise.resolve() };
    const work = requestContext.run({ requestId }, async () => {
      try {
        await def.handler(job);
        succeeded.push(raw);
      } catch (err) {
        const last = raw.retryCount >= raw.retryLimit;
        job.log[last ? 'error' : 'warn']({ err, attempt: job.attempt }, last ? 'job failed for good' : 'job failed; it will be retried');
        await boss.fail(def.queue, raw.id, { message: err instanceof Error ? err.message : String(err) }).catch((e: unknown) => log.error({ err: e }, 'job failure not recorded'));
        if (last) {
          settle(raw.id, 'failed');
          await publishEnd(def, data, { jobId: raw.id, queue: def.queue, state: 'failed', message: err instanceof Error ? err.message : String(err) });
        }
      }
    });
    entry.done = work;
    running.add(entry);
    await work.finally(() => running.delete(entry));
  };

  /**
   * Marks a batch's successful jobs completed in one statement (a queue of many small jobs, the SMS
   * deliveries, spends one round trip per batch instead of one per job). A crash before this runs
   * hands them back for a retry, which the handlers' idempotence makes harmless.
   */
  const completeAll = async (def: JobDefinition<never>, succeeded: PgBoss.JobWithMetadata<Stored>[]) => {
    if (succeeded.length === 0) return;
    await boss.complete(def.queue, succeeded.map((j) => j.id));
    for (const j of succeeded) {
      settle(j.id, 'completed');
      await publishEnd(def, j.data?.data, { jobId: j.id, queue: def.queue, state: 'completed' });
    }
  };

  const work = async (def: JobDefinition<never>) => {
    // pg-boss fetches the next batch only once every job of the last one has ended. Many tiny
    // jobs (a `batchSize`) are fetched together and run `concurrency` at once; heavy jobs get
    // `concurrency` fetchers of one job each, so a long job never holds back the next one.
    const fetchers = def.batchSize ? 1 : (def.concurrency ?? 1);
    for (let i = 0; i < fetchers; i++) await workLoop(def, def.batchSize ? (def.concurrency ?? 1) : 1);
  };

  const workLoop = async (def: JobDefinition<never>, concurrency: number) => {
    const options = { batchSize: def.batchSize ?? concurrency, includeMetadata: true as const, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 };
    let id = '';
    id = await boss.work<Stored>(def.queue, options, async (jobs) => {
      // `concurrency` jobs in flight at a time: each slot takes the next job as soon as it is free.
      let next = 0;
      const succeeded: PgBoss.JobWithMetadata<Stored>[] = [];
      await Promise.all(
        Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
          while (next < jobs.length) await runOne(def, jobs[next++]!, succeeded);
        }),
      );
      await completeAll(def, succeeded);
      // A full batch means more are waiting: fetch again at once rather than after the poll
      // interval (pg-boss waits the interval after every round unless its worker is notified).
      if (jobs.length >= options.batchSize && !stopping && id) boss.notifyWorker(id);
    });
    workers.set(def.queue, [...(workers.get(def.queue) ?? []), id]);
  };

  const queueOptions = (def: JobDefinition<never>) => ({
    name: def.queue,
    policy: def.policy ?? 'standard',
    retryLimit: def.retryLimit ?? 3,
    retryDelay: def.retryDelaySeconds ?? 5,
    retryBackoff: true,
    expireInSeconds: def.expireInSeconds ?? 15 * 60,
  });

  const wake = async (queue: string) => {
    await database.db.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${queue})`);
  };

  return {
    define(def) {
      if (!QUEUE_NAME.test(def.queue)) throw new Error(`job queue name '${def.queue}' is not allowed`);
      if (defs.has(def.queue)) throw new Error(`job queue '${def.queue}' is defined twice`);
      if (started) throw new Error(`job queue '${def.queue}' defined after start`);
      defs.set(def.queue, def as JobDefinition<never>);
    },

    schedule(s) {
      if (started) throw new Error(`schedule '${s.name}' defined after start`);
      schedules.push(s);
    },

    async send(queue, data, sendOpts = {}) {
      const id = await boss.send(queue, wrap(data), { ...sendOpts, db });
      if (id) await wake(queue);
      return id;
    },

    async sendMany(queue, items) {
      if (!items.length) return;
      await boss.insert(
        items.map(({ data, ...o }) => ({ name: queue, data: wrap(data), ...o })),
        { db } as never,
      );
      await wake(queue);
    },

    settled(id) {
      return new Promise((resolve) => waiting.set(id, [...(waiting.get(id) ?? []), resolve]));
    },

    async counts(queue) {
      // pg-boss's own table, not one of ours: read by name, its rows parsed.
      const rows = await parseRows(database.db, jobCount, sql`select state, count(*)::int as n from pgboss.job where name = ${queue} group by state`);
      const out = { created: 0, retry: 0, active: 0, completed: 0, failed: 0, cancelled: 0 };
      for (const r of rows) out[r.state] = r.n;
      return out;
    },

    async depth() {
      const rows = await parseRows(database.db, jobCount.extend({ name: z.string() }), sql`select name, state, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') group by name, state`);
      return rows.map((r) => ({ queue: r.name, state: r.state, count: r.n }));
    },

    async start() {
      if (started) return;
      started = true;
      await boss.start();
      const scheduleQueues = schedules.map((s) => ({
        def: { queue: `schedule.${s.name}`, handler: () => s.run(), retryLimit: 0, expireInSeconds: 30 * 60 } as JobDefinition<never>,
        cron: s.cron,
      }));
      for (const def of [...defs.values(), ...scheduleQueues.map((q) => q.def)]) {
        await boss.createQueue(def.queue, queueOptions(def));
        await boss.updateQueue(def.queue, queueOptions(def));
      }
      for (const { def, cron } of scheduleQueues) await boss.schedule(def.queue, cron, {}, { tz: SCHEDULE_TZ });
      for (const def of [...defs.values(), ...scheduleQueues.map((q) => q.def)]) await work(def);
      unlisten = await database.listen(WAKE_CHANNEL, (queue) => {
        for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
      });
    },

    async stop({ graceMs = 10_000 } = {}) {
      if (!started || stopping) return;
      stopping = true;
      await unlisten?.();
      const stopped = boss.stop({ graceful: true, wait: true, timeout: 2 * graceMs, close: false });
      const within = (ms: number, p: Promise<unknown>) => Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
      await within(graceMs, Promise.all([...running].map((r) => r.done)));
      // What is still running is handed back: aborted, so its handler throws and the job is failed
      // for a retry (pg-boss fails whatever still runs when its own timeout passes).
      for (const r of running) r.abort.abort(new Error('shutting down'));
      await within(graceMs, Promise.all([...running].map((r) => r.done)));
      await stopped.catch((err: unknown) => log.warn({ err }, 'job system stop'));
    },
  };
}
