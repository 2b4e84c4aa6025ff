import { randomUUID } from 'node:crypto';
import { videosTopic } from '@academy/contracts/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff } from '../../modules/users/users.testkit.ts';
import { requestContext } from '../observability/request-context.ts';
import { createJobs, type AbandonedJob, type JobDefinition, type JobLogger, type Jobs, type JobTiming } from './jobs.ts';

/**
 * The job system on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Each test
 * starts its own job instance beside the app's, with queues of its own — as a second server
 * process would — so what is shown here holds across instances.
 */
let t: TestApp;
const log: JobLogger = { info: () => {}, error: () => {}, warn: () => {}, child: () => log };
const instances: Jobs[] = [];

/** Leases as tests see them: a lapse is noticed in about a second. */
const FAST: JobTiming = { renewSeconds: 0.2, sweepSeconds: 0.2, abortSeconds: 0.6, staleSeconds: 1 };
/**
 * Renewal every 0.2 s, but a lapse only after 5 s: where a live run must keep its lease, a loaded
 * machine that stalls the event loop for a second must not look like a dead instance.
 */
const STEADY: JobTiming = { renewSeconds: 0.2, sweepSeconds: 0.2, abortSeconds: 4, staleSeconds: 5 };
/** An instance that never renews or sweeps while the test runs: as good as dead to the others. */
const FROZEN: JobTiming = { renewSeconds: 3600, sweepSeconds: 3600, abortSeconds: 7200, staleSeconds: 10_800 };

function instance(defs: JobDefinition<never>[], timing?: JobTiming): Jobs {
  const jobs = createJobs({ database: t.database, realtime: t.ctx.realtime, log, pollingIntervalSeconds: 0.5, timing });
  for (const d of defs) jobs.define(d);
  instances.push(jobs);
  return jobs;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  for (const j of instances) await j.stop({ graceMs: 1000 });
  await t.close();
});

describe('jobs', () => {
  it('a job queued in a transaction runs once it commits; a rolled-back one never runs', async () => {
    const seen: string[] = [];
    const jobs = instance([{ queue: 'test.commit', handler: async (job) => void seen.push((job.data as { n: string }).n) }]);
    await jobs.start();
    await t.ctx.db
      .transaction(async () => {
        await jobs.send('test.commit', { n: 'rolled back' });
        throw new Error('undo');
      })
      .catch(() => {});
    const id = await t.ctx.db.transaction(async () => jobs.send('test.commit', { n: 'kept' }));
    expect(await jobs.settled(id!)).toBe('completed');
    expect(seen).toEqual(['kept']);
    expect(await jobs.counts('test.commit')).toMatchObject({ completed: 1, created: 0, active: 0 });
  });

  it('carries the id of the request that queued a job into its run, its logs and the jobs it queues', async () => {
    const seen: { queue: string; requestId: string; current: string | undefined }[] = [];
    const bindings: object[] = [];
    const jobs = createJobs({
      database: t.database,
      realtime: t.ctx.realtime,
      log: { ...log, child: (b) => (bindings.push(b), log) },
      pollingIntervalSeconds: 0.5,
    });
    instances.push(jobs);
    jobs.define({
      queue: 'test.rid.first',
      handler: async (job) => {
        seen.push({ queue: job.queue, requestId: job.requestId, current: requestContext.current()?.requestId });
        await jobs.send('test.rid.second', {});
      },
    });
    let second!: (id: string) => void;
    const secondRan = new Promise<string>((resolve) => (second = resolve));
    jobs.define({ queue: 'test.rid.second', handler: async (job) => second(job.requestId) });
    await jobs.start();
    const id = await requestContext.run({ requestId: 'req-42' }, () => jobs.send('test.rid.first', { n: 1 }));
    expect(await jobs.settled(id!)).toBe('completed');
    expect(seen).toEqual([{ queue: 'test.rid.first', requestId: 'req-42', current: 'req-42' }]);
    expect(bindings).toContainEqual({ reqId: 'req-42', queue: 'test.rid.first', jobId: id });
    expect(await secondRan).toBe('req-42');
  });

  it('retries a failing job with its attempt number, and sending the same id twice queues it once', async () => {
    const attempts: number[] = [];
    const jobs = instance([
      {
        queue: 'test.retry',
        retryDelaySeconds: 0,
        handler: async (job) => {
          attempts.push(job.attempt);
          if (job.attempt < 3) throw new Error('provider busy');
        },
      },
    ]);
    await jobs.start();
    const key = randomUUID();
    const id = await jobs.send('test.retry', {}, { id: key });
    expect(await jobs.send('test.retry', {}, { id: key })).toBeNull();
    expect(await jobs.settled(id!)).toBe('completed');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('gives up after the retry limit and says so', async () => {
    const jobs = instance([{ queue: 'test.fail', retryLimit: 1, retryDelaySeconds: 0, handler: async () => Promise.reject(new Error('no')) }]);
    await jobs.start();
    const id = await jobs.send('test.fail', {});
    expect(await jobs.settled(id!)).toBe('failed');
    expect((await jobs.counts('test.fail')).failed).toBe(1);
  });

  it('publishes progress and the end of a job on the area\'s topic', async () => {
    const staff = await makeStaff(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const jobs = instance([
      {
        queue: 'test.progress',
        progressTopic: (d) => videosTopic.of((d as { weeklyLectureId: number }).weeklyLectureId),
        handler: async (job) => {
          await job.progress({ done: 1, total: 2, message: '절반' });
          await job.progress({ done: 2, total: 2 });
        },
      },
    ]);
    await jobs.start();
    const stream = await openEventStream(`${base}/api/realtime/events?topics=videos:4242`, staff.ta.token);
    await stream.ready;
    const id = await jobs.send('test.progress', { weeklyLectureId: 4242 });
    const done = await stream.next((e) => e.type === 'job' && (e.data as { state: string }).state === 'completed');
    expect(done.data).toMatchObject({ jobId: id, queue: 'test.progress' });
    expect(stream.events.filter((e) => e.type === 'job').map((e) => e.data)).toEqual([
      { jobId: id, queue: 'test.progress', state: 'active', done: 1, total: 2, message: '절반' },
      { jobId: id, queue: 'test.progress', state: 'active', done: 2, total: 2 },
      { jobId: id, queue: 'test.progress', state: 'completed' },
    ]);
    stream.close();
  });

  it('a stopping instance hands a running job back, and another instance finishes it', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = instance([
      {
        queue: 'test.handback',
        retryDelaySeconds: 0,
        handler: (job) =>
          new Promise<void>((_, reject) => {
            started();
            job.signal.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      },
    ]);
    await first.start();
    const id = await first.send('test.handback', { n: 1 });
    await running;
    await first.stop({ graceMs: 200 });
    expect(await first.counts('test.handback')).toMatchObject({ retry: 1, active: 0, completed: 0 });

    const second = instance([{ queue: 'test.handback', handler: async () => {} }]);
    const finished = second.settled(id!);
    await second.start();
    expect(await finished).toBe('completed');
  });

  it('a job whose instance stopped renewing its lease is taken over by a live instance, and its module is told', async () => {
    let started!: (id: string) => void;
    const running = new Promise<string>((resolve) => (started = resolve));
    const hang = (job: { signal: AbortSignal }) => new Promise<void>((_, reject) => job.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const dead = instance([{ queue: 'test.takeover', handler: (job) => (started(job.id), hang(job)) }], FROZEN);
    await dead.start();
    const id = await dead.send('test.takeover', { batch: 7 });
    expect(await running).toBe(id);
    expect((await t.database.sqlText('select queue from job_leases where job_id = $1', [id])).rows).toEqual([{ queue: 'test.takeover' }]);

    const told: AbandonedJob<unknown>[] = [];
    const attempts: number[] = [];
    const live = instance([{ queue: 'test.takeover', handler: async (job) => void attempts.push(job.attempt), abandoned: async (job) => void told.push(job) }], FAST);
    const finished = live.settled(id!);
    await live.start();
    expect(await finished).toBe('completed');
    expect(told).toEqual([{ id, data: { batch: 7 }, attempt: 1, final: false }]);
    expect(attempts).toEqual([2]);
    // Its lease ended with the run that finished it.
    expect((await t.database.sqlText('select 1 from job_leases where job_id = $1', [id])).rows).toEqual([]);
  });

  it('a job of a dead instance with no attempt left is failed, not run again, and its module is told', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const dead = instance([{ queue: 'test.takeover.last', retryLimit: 0, handler: (job) => new Promise<void>((_, reject) => (started(), job.signal.addEventListener('abort', () => reject(new Error('aborted'))))) }], FROZEN);
    await dead.start();
    const id = await dead.send('test.takeover.last', {});
    await running;
    const told: AbandonedJob<unknown>[] = [];
    let ran = 0;
    const live = instance([{ queue: 'test.takeover.last', retryLimit: 0, handler: async () => void ran++, abandoned: async (job) => void told.push(job) }], FAST);
    await live.start();
    await expect.poll(() => told, { timeout: 20_000 }).toEqual([{ id, data: {}, attempt: 1, final: true }]);
    // The module is told inside the sweep's transaction (its own writes commit with the failure), so
    // on PostgreSQL another connection sees the failure once that transaction has committed.
    await expect.poll(() => live.counts('test.takeover.last'), { timeout: 20_000 }).toMatchObject({ failed: 1, active: 0, retry: 0 });
    expect(ran).toBe(0);
  });

  it('a worker whose lease was taken aborts its job and records nothing; the job runs again', async () => {
    const reasons: string[] = [];
    const attempts: number[] = [];
    let started!: (id: string) => void;
    const running = new Promise<string>((resolve) => (started = resolve));
    const jobs = instance(
      [
        {
          queue: 'test.lost',
          retryDelaySeconds: 0,
          handler: async (job) => {
            attempts.push(job.attempt);
            if (job.attempt > 1) return;
            started(job.id);
            await new Promise<void>((_, reject) => job.signal.addEventListener('abort', () => (reasons.push(String((job.signal.reason as Error).message)), reject(job.signal.reason))));
          },
        },
      ],
      FAST,
    );
    await jobs.start();
    const id = await jobs.send('test.lost', {});
    const finished = jobs.settled(id!);
    await running;
    // Another run holds it now (as after a takeover): this one must stop and leave the job alone.
    await t.database.sqlText("update job_leases set holder = 'someone else' where job_id = $1", [id]);
    await expect.poll(() => reasons, { timeout: 20_000 }).toEqual(['job lease lost: taken over by another instance']);
    expect(await jobs.counts('test.lost')).toMatchObject({ active: 1, retry: 0, failed: 0 });
    // The other holder never renews: its lease lapses and the job is run again.
    expect(await finished).toBe('completed');
    expect(attempts).toEqual([1, 2]);
  });

  it('a job that runs longer than the lapse time keeps its lease by renewing it and is not taken over', async () => {
    const attempts: number[] = [];
    let begun!: () => void;
    const running = new Promise<void>((resolve) => (begun = resolve));
    const jobs = instance(
      [
        {
          queue: 'test.long',
          handler: async (job) => {
            attempts.push(job.attempt);
            begun();
            // Runs until its lease has been renewed for longer than the lapse time.
            await expect
              .poll(async () => (await t.database.sqlText('select extract(epoch from renewed_at - started_at)::float as held from job_leases where job_id = $1', [job.id])).rows[0]?.held ?? 0, { timeout: 40_000, interval: 100 })
              .toBeGreaterThan(STEADY.staleSeconds + 1);
          },
        },
      ],
      STEADY,
    );
    const other = instance([{ queue: 'test.long', handler: async (job) => void attempts.push(job.attempt) }], STEADY);
    await jobs.start();
    const id = await jobs.send('test.long', {});
    // The other instance starts once the job runs here: it could only get it by a takeover.
    await running;
    await other.start();
    expect(await jobs.settled(id!)).toBe('completed');
    expect(attempts).toEqual([1]);
  }, 60_000);

  it('a run past its queue\'s expiry is stopped and failed for a retry', async () => {
    const reasons: string[] = [];
    const jobs = instance(
      [
        {
          queue: 'test.expiry',
          expireInSeconds: 1,
          retryDelaySeconds: 0,
          handler: async (job) => {
            if (job.attempt > 1) return;
            await new Promise<void>((_, reject) => job.signal.addEventListener('abort', () => (reasons.push((job.signal.reason as Error).message), reject(job.signal.reason))));
          },
        },
      ],
      STEADY,
    );
    await jobs.start();
    const id = await jobs.send('test.expiry', {});
    expect(await jobs.settled(id!)).toBe('completed');
    expect(reasons).toEqual(['job ran past its expiry']);
  });

  it('keeps schedules in Korea time and runs each on one instance', async () => {
    const jobs = createJobs({ database: t.database, realtime: t.ctx.realtime, log });
    jobs.schedule({ name: 'test-nightly', cron: '0 21 * * 0', run: async () => {} });
    instances.push(jobs);
    await jobs.start();
    const { rows } = await t.database.sqlText('select cron, timezone from pgboss.schedule where name = $1', ['schedule.test-nightly']);
    expect(rows).toEqual([{ cron: '0 21 * * 0', timezone: 'Asia/Seoul' }]);
    // The app's own clean-ups live on the same schedules.
    const app = await t.database.sqlText("select name from pgboss.schedule where name like 'schedule.%' order by name", []);
    expect(app.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['schedule.auth.prune', 'schedule.files.sweep-uploads', 'schedule.realtime.prune']));
  });
});
