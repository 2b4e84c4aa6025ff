import { isAdQuietHour, nextAdWindowStart } from '@academy/contracts/sms';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AbandonedJob, Job, JobDefinition, Jobs, Schedule } from '../jobs/jobs.ts';
import type { SmsDriver } from './drivers/driver.ts';
import { DELIVER_QUEUE } from './outbox.ts';
import type { RateLimiter } from './rate.ts';
import { smsAttempts, smsOutbox } from './sms.table.ts';

export const STATUS_QUEUE = 'sms.status';

/** A worker's hold on a message; equal to the job's expiry, after which the job system retries it elsewhere. */
export const LEASE_SECONDS = 60;
/** Retries after the first attempt (10 s, 20 s, 40 s, 80 s apart). */
export const DELIVER_RETRIES = 4;
/** Delivery reports are asked for this many times (30 s apart, doubling: about two hours in all). */
const STATUS_RETRIES = 8;
/** A due message untouched this long lost its job (an old row, or a crash on its last attempt): it gets a new one. */
const STUCK_MINUTES = 15;

export type SmsTiming = { statusDelaySeconds?: number; retryDelaySeconds?: number };

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** A report is not in yet: thrown so the job system asks again later. */
class ReportPending extends Error {}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Delivers the outbox: one `sms.deliver` job per message. A job claims its message (a lease in the
 * row, so two workers never hold one message), waits for its turn under the send rate, hands it to
 * the driver and records the outcome, all results kept in `sms_attempts`. What makes a retry or a
 * restart safe is the message row, not the job: only a `queued` message (or a `sending` one whose
 * lease ran out) is claimed, and a resumed one goes back to the driver with the provider handle it
 * saved, so the driver asks the provider instead of sending twice.
 */
export function createSmsDelivery(opts: {
  db: Db;
  jobs: Pick<Jobs, 'send' | 'sendMany'>;
  driver: SmsDriver;
  limiter: RateLimiter;
  /** The configured rate: how many jobs are fetched at once depends on it (none should wait near its lease). */
  ratePerSecond: number;
  now: () => Date;
  log: Log;
  /** Seconds before the first delivery report is asked for, and between retries (tests lower them). */
  timing?: SmsTiming;
}): { jobs: JobDefinition<{ id: number }>[]; schedules: Schedule[] } {
  const { db, jobs, driver, limiter, now, log } = opts;
  const statusDelayMs = (opts.timing?.statusDelaySeconds ?? 30) * 1000;
  const retryDelaySeconds = opts.timing?.retryDelaySeconds ?? 10;

  type Outcome = (typeof smsAttempts.$inferInsert)['outcome'];
  type OutboxField = 'status' | 'result' | 'providerRef' | 'sentAt' | 'claimedAt' | 'doneAt';
  const attempt = (messageId: number, outcome: Outcome, detail?: string | null) =>
    db.insert(smsAttempts).values({ messageId, driver: driver.name, outcome, detail: detail ?? null, at: now() });

  /** A message's new state and the attempt that led to it, in one statement (atomic by itself: no transaction round trips). */
  const record = (id: number, set: Partial<Pick<typeof smsOutbox.$inferInsert, OutboxField>>, outcome: Outcome, detail?: string | null) =>
    db.execute(sql`
      with m as (
        update ${smsOutbox} set ${sql.join(Object.entries(set).map(([k, v]) => sql`${sql.identifier(smsOutbox[k as OutboxField].name)} = ${v}`), sql`, `)}
        where ${smsOutbox.id} = ${id} returning ${smsOutbox.id} as id
      )
      insert into ${smsAttempts} (${sql.identifier(smsAttempts.messageId.name)}, ${sql.identifier(smsAttempts.driver.name)}, ${sql.identifier(smsAttempts.outcome.name)}, ${sql.identifier(smsAttempts.detail.name)}, ${sql.identifier(smsAttempts.at.name)})
      select m.id, ${driver.name}, ${outcome}, ${detail ?? null}, ${now()} from m`);

  async function claim(id: number) {
    const at = now();
    const staleBefore = new Date(at.getTime() - LEASE_SECONDS * 1000);
    const [row] = await db
      .update(smsOutbox)
      .set({ status: 'sending', attempts: sql`${smsOutbox.attempts} + 1`, claimedAt: at, provider: driver.name })
      .where(
        and(
          eq(smsOutbox.id, id),
          lte(smsOutbox.sendAfter, at),
          or(eq(smsOutbox.status, 'queued'), and(eq(smsOutbox.status, 'sending'), or(isNull(smsOutbox.claimedAt), lt(smsOutbox.claimedAt, staleBefore)))),
        ),
      )
      .returning();
    return row ?? null;
  }

  async function deliver(job: Job<{ id: number }>) {
    const m = await claim(job.data.id);
    // Sent, failed, cancelled, not due yet, or held by a live worker: nothing to do here.
    if (!m) return;

    if (m.advertising && isAdQuietHour(now())) {
      const next = nextAdWindowStart(now());
      await db.transaction(async () => {
        await db.update(smsOutbox).set({ status: m.providerRef ? 'sending' : 'queued', claimedAt: null, sendAfter: next }).where(eq(smsOutbox.id, m.id));
        await attempt(m.id, 'deferred', '광고 문자는 21시부터 8시까지 보내지 않습니다 (정보통신망법 제50조)');
        await jobs.send(DELIVER_QUEUE, { id: m.id }, { startAfter: next });
      });
      return;
    }

    await limiter.take(job.signal);
    const saveRef = async (ref: string) => void (await db.update(smsOutbox).set({ providerRef: ref }).where(eq(smsOutbox.id, m.id)));
    let outcome;
    try {
      outcome = await driver.send({ id: m.id, key: m.key, toPhone: m.toPhone, body: m.body, kind: m.kind }, { ref: m.providerRef, saveRef, signal: job.signal });
    } catch (err) {
      const reason = reasonOf(err);
      const [current] = await db.select({ ref: smsOutbox.providerRef }).from(smsOutbox).where(eq(smsOutbox.id, m.id));
      if (job.attempt > DELIVER_RETRIES) {
        await db.transaction(async () => {
          await db.update(smsOutbox).set({ status: 'failed', result: `${reason} (${job.attempt}회 시도)`, claimedAt: null, doneAt: now() }).where(eq(smsOutbox.id, m.id));
          await attempt(m.id, 'failed', reason);
          // With a provider handle the message may have gone after all: its report can still correct this.
          if (current?.ref && driver.status) await jobs.send(STATUS_QUEUE, { id: m.id }, { startAfter: new Date(now().getTime() + statusDelayMs) });
        });
        return;
      }
      await db.transaction(async () => {
        // Only while the claim is still this attempt's: a run cut off (its job taken over) must not free another run's claim.
        await db.update(smsOutbox).set({ status: current?.ref ? 'sending' : 'queued', claimedAt: null }).where(and(eq(smsOutbox.id, m.id), m.claimedAt ? eq(smsOutbox.claimedAt, m.claimedAt) : isNull(smsOutbox.claimedAt)));
        await attempt(m.id, 'error', reason);
      });
      throw err;
    }

    if (outcome.result === 'failed') {
      await record(m.id, { status: 'failed', result: outcome.reason, claimedAt: null, doneAt: now() }, 'failed', outcome.reason);
      return;
    }
    const sent = { status: 'sent' as const, result: outcome.note ?? null, providerRef: outcome.ref, sentAt: now(), claimedAt: null };
    if (outcome.ref && driver.status) {
      await db.transaction(async () => {
        await record(m.id, sent, outcome.resumed ? 'resumed' : 'sent', outcome.note);
        await jobs.send(STATUS_QUEUE, { id: m.id }, { startAfter: new Date(now().getTime() + statusDelayMs) });
      });
    } else {
      await record(m.id, sent, outcome.resumed ? 'resumed' : 'sent', outcome.note);
    }
  }

  async function report(job: Job<{ id: number }>) {
    const [m] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, job.data.id));
    if (!m?.providerRef || !driver.status || m.status === 'delivered' || m.status === 'cancelled') return;
    const r = await driver.status(m.providerRef, { signal: job.signal });
    if (r.state === 'pending') {
      if (job.attempt > STATUS_RETRIES) return;
      throw new ReportPending('수신 결과가 아직 없습니다');
    }
    await db.transaction(async () => {
      if (r.state === 'delivered') {
        await db.update(smsOutbox).set({ status: 'delivered', result: null, doneAt: now() }).where(eq(smsOutbox.id, m.id));
        await attempt(m.id, 'delivered');
      } else {
        await db.update(smsOutbox).set({ status: 'failed', result: r.reason, doneAt: now() }).where(eq(smsOutbox.id, m.id));
        await attempt(m.id, 'undelivered', r.reason);
      }
    });
  }

  /**
   * The instance delivering a message died (its job lease lapsed, and a live worker aborts well
   * before that): its claim on the row ends too, so the next run claims it at once and resumes it
   * with the provider handle it saved instead of waiting out the row's lease.
   */
  async function abandoned(job: AbandonedJob<{ id: number }>) {
    await db.update(smsOutbox).set({ claimedAt: null }).where(and(eq(smsOutbox.id, job.data.id), eq(smsOutbox.status, 'sending')));
  }

  /** Due messages without a live job (rows from before the job system, a crash on a last attempt) get one. */
  async function recover() {
    const before = new Date(now().getTime() - STUCK_MINUTES * 60_000);
    const stuck = await db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(
        or(
          and(eq(smsOutbox.status, 'queued'), lt(smsOutbox.sendAfter, before)),
          and(eq(smsOutbox.status, 'sending'), or(isNull(smsOutbox.claimedAt), lt(smsOutbox.claimedAt, before))),
        ),
      )
      .limit(1000);
    if (stuck.length === 0) return;
    log.warn({ count: stuck.length }, 'sms: messages without a job are queued again');
    await jobs.sendMany(DELIVER_QUEUE, stuck.map((s) => ({ data: { id: s.id } })));
  }

  // Many small jobs, fetched in rounds the rate gets through in about ten seconds (so none waits
  // near its lease), at most 50 a round and 16 at once; the limiter keeps the rate.
  const batchSize = opts.ratePerSecond > 0 ? Math.max(1, Math.min(50, Math.floor(opts.ratePerSecond * 10))) : 50;
  return {
    jobs: [
      { queue: DELIVER_QUEUE, handler: deliver, concurrency: Math.min(16, batchSize), batchSize, retryLimit: DELIVER_RETRIES, retryDelaySeconds, expireInSeconds: LEASE_SECONDS, abandoned },
      { queue: STATUS_QUEUE, handler: report, concurrency: 4, retryLimit: STATUS_RETRIES, retryDelaySeconds: opts.timing?.statusDelaySeconds ?? 30, expireInSeconds: LEASE_SECONDS },
    ],
    schedules: [{ name: 'sms.recover', cron: '*/5 * * * *', run: recover }],
  };
}
