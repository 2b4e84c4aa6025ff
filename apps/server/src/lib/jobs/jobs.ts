import type { jobEvents, JobEvent, Topic } from '@academy/contracts/realtime';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { parseRows } from '../../db/sql.ts';
import { requestContext } from '../observability/request-context.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { jobLeases } from './jobs.table.ts';

/**
 * The job system of the whole product: background work that must survive a restart (SMS sending,
 * OMR reading, video processing, scheduled parent links, clean-ups). It is pg-boss on the
 * product's own database — PostgreSQL, or PGlite through the same SQL (`Database.sqlText`, pg-boss's
 * adapter; our own statements are Drizzle `sql` templates) — so a
 * job is stored in the transaction that asked for it, runs on whichever instance picks it first
 * (FOR UPDATE SKIP LOCKED), is retried with backoff when it fails, and is taken over when the
 * instance running it died (below). Handlers must therefore be idempotent: a job may run again
 * after a crash, so its effect is written with a key that cannot be written twice.
 *
 * An instance that dies (kill -9, a lost machine) is noticed within a minute, not after the job's
 * expiry: every running job has a lease (`job_leases`) its instance renews every
 * `JOB_TIMING.renewSeconds`; a sweeper on every instance hands jobs whose lease was not renewed for
 * `staleSeconds` to a live instance (the job is queued again at once, one attempt spent), and tells
 * the owning module through its `abandoned` hook. A worker that cannot renew its lease for
 * `abortSeconds` (a lost database, a stalled process) aborts the job itself, well before anyone
 * else may take it, so two instances never run one job.
 *
 * Modules declare their queues and schedules in their hooks (`jobs`, `schedules`, see module.ts);
 * they enqueue with `ctx.jobs.send(queue, data)`, inside the transaction of the change when there
 * is one. Workers wake at once when a job is committed on any instance (NOTIFY), else poll.
 */

/**
 * How running jobs are held, in seconds. A dead instance's job is taken over after at most
 * `staleSeconds + sweepSeconds` (50 s). Tests shorten them (config `jobTiming`, JOB_LEASE_* env).
 */
export const JOB_TIMING = {
  /** A running job's lease is renewed this often. */
  renewSeconds: 10,
  /** Every instance looks for lapsed leases this often. */
  sweepSeconds: 10,
  /** A worker whose lease could not be renewed for this long aborts its job. */
  abortSeconds: 25,
  /** A lease not renewed for this long is lapsed: its job is handed to a live instance. */
  staleSeconds: 40,
} as const;
export type JobTiming = { [K in keyof typeof JOB_TIMING]: number };

/** What a module is told when one of its jobs is taken from an instance that died. */
export type AbandonedJob<T> = {
  id: string;
  data: T;
  /** The attempt that was cut off (1 for the first run). */
  attempt: number;
  /** No attempt is left: the job is failed, not queued again. */
  final: boolean;
};

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
  /** Jobs of this queue running at once on one instance (default 1); without `batchSize` each has its own fetch loop, so one long job never holds back the next. */
  concurrency?: number;
  /** Many tiny jobs: fetched this many in one round by one loop and run `concurrency` at once. */
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
  /**
   * Called when a job of this queue is taken from an instance that died, in the transaction that
   * queues it again (or fails it, `final`): the module puts its own rows back (a batch "reading"
   * becomes "queued" again). A hook that throws leaves the job where it is until the next sweep.
   */
  abandoned?: (job: AbandonedJob<T>) => Promise<void>;
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
const DEFAULT_EXPIRE_SECONDS = 15 * 60;

type Running = { queue: string; abort: AbortController; done: Promise<void> };
/** A queue's fetch loop: `wake` ends its wait for the next round. */
type Loop = { wake: () => void; done: Promise<void> };
/** A job this instance holds a lease on: from when it is fetched until its end is recorded. */
type Hold = { queue: string; abort: AbortController; renewedAt: number; lost: boolean; expiresAt: number; expired: boolean };
const abandonedRow = z.object({ id: z.string(), name: z.string(), data: z.unknown(), retry_count: z.coerce.number(), final: z.boolean() });
/** What is stored as a job's data: the caller's data and the request it came from. */
type Stored = { data: unknown; requestId?: string };
const wrap = (data: unknown): Stored => ({ data, requestId: requestContext.current()?.requestId });

export function createJobs(opts: {
  database: Pick<Database, 'db' | 'sqlText' | 'listen'>;
  realtime: Pick<Realtime, 'publish'>;
  log: JobLogger;
  /** Seconds between polls when no wake-up arrives (default 2). */
  pollingIntervalSeconds?: number;
  /** Lease timing (default `JOB_TIMING`); tests shorten it. */
  timing?: Partial<JobTiming>;
}): Jobs {
  const { database, realtime, log } = opts;
  const timing: JobTiming = { ...JOB_TIMING, ...opts.timing };
  /** This instance, as written into the leases it holds: host and process (for people reading the table), and a random part. */
  const holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const holds = new Map<string, Hold>();
  const timers: NodeJS.Timeout[] = [];
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
  const loops = new Map<string, Loop[]>();
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
    const hold = holds.get(raw.id);
    if (!hold || hold.lost) return void holds.delete(raw.id);
    const { abort } = hold;
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
        // A job taken over meanwhile belongs to its new run: this one records nothing.
        if (hold.lost) holds.delete(raw.id);
        else succeeded.push(raw);
      } catch (err) {
        if (hold.lost) {
          holds.delete(raw.id);
          job.log.warn({ err }, 'job stopped: its lease was lost, another instance runs it');
          return;
        }
        const last = raw.retryCount >= raw.retryLimit;
        job.log[last ? 'error' : 'warn']({ err, attempt: job.attempt }, last ? 'job failed for good' : 'job failed; it will be retried');
        await boss.fail(def.queue, raw.id, { message: err instanceof Error ? err.message : String(err) }).catch((e: unknown) => log.error({ err: e }, 'job failure not recorded'));
        await release([raw.id]);
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
    await release(succeeded.map((j) => j.id));
    for (const j of succeeded) {
      settle(j.id, 'completed');
      await publishEnd(def, j.data?.data, { jobId: j.id, queue: def.queue, state: 'completed' });
    }
  };

  /**
   * Takes the leases of a fetched batch (one statement) and returns the jobs this instance may run:
   * a job whose lease another run still holds (left behind by a failed release) is not run here;
   * the sweeper hands it back once that lease lapses.
   */
  const lease = async (def: JobDefinition<never>, fetched: PgBoss.JobWithMetadata<Stored>[]) => {
    const { queue } = def;
    if (!fetched.length) return [];
    const taken = await database.db
      .insert(jobLeases)
      .values(fetched.map((j) => ({ jobId: j.id, queue, holder, startedAt: sql`now()`, renewedAt: sql`now()` })))
      .onConflictDoNothing()
      .returning({ jobId: jobLeases.jobId });
    const mine = new Set(taken.map((r) => r.jobId));
    const at = performance.now();
    const expiresAt = at + (def.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS) * 1000;
    for (const j of fetched) if (mine.has(j.id)) holds.set(j.id, { queue, abort: new AbortController(), renewedAt: at, lost: false, expiresAt, expired: false });
    return fetched.filter((j) => mine.has(j.id));
  };

  /** Ends this instance's leases of jobs whose end is recorded. */
  const release = async (ids: string[]) => {
    for (const id of ids) holds.delete(id);
    await database.db
      .delete(jobLeases)
      .where(and(eq(jobLeases.holder, holder), inArray(jobLeases.jobId, ids)))
      .catch((err: unknown) => log.warn({ err }, 'job lease not released; it lapses'));
  };

  const lose = (id: string, hold: Hold, why: string) => {
    if (hold.lost) return;
    hold.lost = true;
    log.warn({ jobId: id, queue: hold.queue }, `job aborted: ${why}`);
    hold.abort.abort(new Error(`job lease lost: ${why}`));
  };

  let renewing = false;
  /** Renews every lease this instance holds; a job whose lease was taken, or not renewed for `abortSeconds`, is aborted. */
  const renew = async () => {
    const now = performance.now();
    for (const [id, h] of holds) {
      if (now - h.renewedAt > timing.abortSeconds * 1000) lose(id, h, `not renewed for ${timing.abortSeconds} s`);
      // A run past its queue's expiry is stopped and failed for a retry, as pg-boss would.
      else if (now > h.expiresAt && !h.expired) {
        h.expired = true;
        h.abort.abort(new Error('job ran past its expiry'));
      }
    }
    const ids = [...holds].filter(([, h]) => !h.lost).map(([id]) => id);
    if (renewing || !ids.length) return;
    renewing = true;
    try {
      const rows = await database.db
        .update(jobLeases)
        .set({ renewedAt: sql`now()` })
        .where(and(eq(jobLeases.holder, holder), inArray(jobLeases.jobId, ids)))
        .returning({ jobId: jobLeases.jobId });
      const kept = new Set(rows.map((r) => r.jobId));
      const at = performance.now();
      for (const id of ids) {
        const h = holds.get(id);
        if (!h) continue;
        if (kept.has(id)) h.renewedAt = at;
        else lose(id, h, 'taken over by another instance');
      }
    } catch (err) {
      log.warn({ err }, 'job leases not renewed');
    } finally {
      renewing = false;
    }
  };

  /**
   * Hands the jobs of dead instances to live ones: active jobs whose lease lapsed (or that have
   * none long after they started) are queued again at once — or failed, when no attempt is left —
   * in one transaction that skips jobs another sweeper is handling, and their modules are told.
   */
  const sweep = async () => {
    const names = [...defs.keys(), ...schedules.map((s) => `schedule.${s.name}`)];
    if (!names.length) return;
    const staleBefore = sql`now() - make_interval(secs => ${timing.staleSeconds})`;
    await database.db.transaction(async () => {
      const moved = await parseRows(
        database.db,
        abandonedRow,
        sql`
          with lapsed as (
            select j.id, j.name from pgboss.job j
            left join ${jobLeases} l on l.job_id = j.id
            where j.name in ${names} and j.state = 'active'
              and (l.renewed_at < ${staleBefore} or (l.job_id is null and j.started_on < ${staleBefore}))
            order by j.started_on
            limit 100
            for update of j skip locked
          ), moved as (
            update pgboss.job j set
              state = case when j.retry_count < j.retry_limit then 'retry'::pgboss.job_state else 'failed'::pgboss.job_state end,
              start_after = case when j.retry_count < j.retry_limit then now() else j.start_after end,
              completed_on = case when j.retry_count < j.retry_limit then null else now() end,
              output = jsonb_build_object('message', 'the instance running it stopped answering')
            from lapsed where j.name = lapsed.name and j.id = lapsed.id
            returning j.id, j.name, j.data, j.retry_count, j.retry_count >= j.retry_limit as final
          ), freed as (
            delete from ${jobLeases} where job_id in (select id from moved)
          )
          select id::text, name, data, retry_count, final from moved`,
      );
      for (const m of moved) {
        const def = defs.get(m.name);
        log.warn({ jobId: m.id, queue: m.name, final: m.final }, m.final ? 'job of a stopped instance failed: no attempt left' : 'job of a stopped instance queued again');
        await def?.abandoned?.({ id: m.id, data: (m.data as Stored | null)?.data as never, attempt: m.retry_count + 1, final: m.final });
        if (!m.final) await wake(m.name);
      }
      // Leases left behind by a run whose end was recorded but whose release failed.
      await database.db.execute(sql`delete from ${jobLeases} l where l.renewed_at < ${staleBefore} and not exists (select 1 from pgboss.job j where j.id = l.job_id and j.state = 'active')`);
    });
  };

  /**
   * Runs a queue: fetches a batch (pg-boss's FOR UPDATE SKIP LOCKED), takes its leases, runs it
   * `concurrency` at a time and records each end itself: only jobs this instance still holds are
   * completed or failed, so a run whose job was taken over never touches the new run's job.
   * Waits the poll interval between empty rounds, or less when a wake-up arrives.
   *
   * A round ends only when every job of its batch has ended. Many tiny jobs (a `batchSize`) are
   * fetched together by one loop and run `concurrency` at once; heavy jobs get `concurrency` loops
   * of one job each, so one long job never holds back the next one (an OMR batch of one TA never
   * waits behind another TA's long batch while a slot is free).
   */
  const work = (def: JobDefinition<never>) => {
    const loopsOfQueue = def.batchSize ? 1 : (def.concurrency ?? 1);
    const concurrency = def.batchSize ? (def.concurrency ?? 1) : 1;
    const batchSize = def.batchSize ?? 1;
    loops.set(def.queue, Array.from({ length: loopsOfQueue }, () => fetchLoop(def, concurrency, batchSize)));
  };

  const fetchLoop = (def: JobDefinition<never>, concurrency: number, batchSize: number): Loop => {
    const intervalMs = (opts.pollingIntervalSeconds ?? 2) * 1000;
    const loop: Loop = { wake: () => {}, done: Promise.resolve() };
    const rest = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        loop.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    loop.done = (async () => {
      while (!stopping) {
        let fetched: PgBoss.JobWithMetadata<Stored>[] = [];
        try {
          fetched = (await boss.fetch<Stored>(def.queue, { batchSize, includeMetadata: true })) ?? [];
        } catch (err) {
          log.warn({ err, queue: def.queue }, 'jobs not fetched');
        }
        if (fetched.length && stopping) {
          // Fetched as the instance stops: handed back at once.
          for (const j of fetched) await boss.fail(def.queue, j.id, { message: 'shutting down' }).catch((err: unknown) => log.warn({ err }, 'job not handed back'));
          break;
        }
        if (fetched.length) {
          const jobs = await lease(def, fetched).catch((err: unknown) => (log.warn({ err, queue: def.queue }, 'job leases not taken; the sweeper hands the jobs back'), []));
          let next = 0;
          const succeeded: PgBoss.JobWithMetadata<Stored>[] = [];
          await Promise.all(
            Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
              while (next < jobs.length) await runOne(def, jobs[next++]!, succeeded);
            }),
          );
          await completeAll(def, succeeded).catch((err: unknown) => log.error({ err, queue: def.queue }, 'job completion not recorded'));
          // A full batch means more are waiting: fetch again at once.
          if (fetched.length >= batchSize) continue;
        }
        if (!stopping) await rest();
      }
    })();
    return loop;
  };

  const queueOptions = (def: JobDefinition<never>) => ({
    name: def.queue,
    policy: def.policy ?? 'standard',
    retryLimit: def.retryLimit ?? 3,
    retryDelay: def.retryDelaySeconds ?? 5,
    retryBackoff: true,
    expireInSeconds: def.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
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
      for (const def of [...defs.values(), ...scheduleQueues.map((q) => q.def)]) work(def);
      unlisten = await database.listen(WAKE_CHANNEL, (queue) => {
        for (const l of loops.get(queue) ?? []) l.wake();
      });
      // Renewal checks its deadlines even while an earlier renewal still waits for the database.
      const renewal = setInterval(() => void renew(), timing.renewSeconds * 1000);
      let sweeping = false;
      const sweeper = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        sweep()
          .catch((err: unknown) => log.warn({ err }, 'job sweep failed'))
          .finally(() => (sweeping = false));
      }, timing.sweepSeconds * 1000);
      for (const timer of [renewal, sweeper]) timer.unref();
      timers.push(renewal, sweeper);
    },

    async stop({ graceMs = 10_000 } = {}) {
      if (!started || stopping) return;
      stopping = true;
      await unlisten?.();
      for (const l of [...loops.values()].flat()) l.wake();
      const within = (ms: number, p: Promise<unknown>) => Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
      const rounds = () => Promise.all([...loops.values()].flat().map((l) => l.done));
      await within(graceMs, rounds());
      // What is still running is handed back: aborted, so its handler throws and the job is failed
      // for a retry.
      for (const r of running) r.abort.abort(new Error('shutting down'));
      await within(graceMs, rounds());
      await boss.stop({ graceful: true, wait: true, timeout: graceMs, close: false }).catch((err: unknown) => log.warn({ err }, 'job system stop'));
      for (const t of timers.splice(0)) clearInterval(t);
    },
  };
}
