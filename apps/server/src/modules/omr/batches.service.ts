import { EXAM_ERRORS } from '@academy/contracts/exams';
import { OMR_ERRORS, type omrEvents, parseQrPayload, type OmrBatch, type OmrBatchDetail, type OmrQuestion } from '@academy/contracts/omr';
import type { Question } from '@academy/contracts/grading';
import { lectureTopic } from '@academy/contracts/lectures';
import type { TopicEventInput, TopicSpec } from '@academy/contracts/realtime';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { AbandonedJob, Job, JobDefinition } from '../../lib/jobs/jobs.ts';
import type { PageResult, PageSource } from './engine/page-job.ts';
import type { NumberService } from './numbers.service.ts';
import type { OmrDeps } from './omr.deps.ts';
import { type BatchRow, mapBatch, mapSheetSummary, pendingOf, type SheetRow, statusOf } from './omr.rows.ts';
import { omrBatches, omrSheets } from './omr.table.ts';
import type { PrintService } from './print.service.ts';

/** OMR's own event on the lecture's topic (the topic is owned by lectures; omr publishes only this). */
type OmrEventInput = TopicEventInput<TopicSpec<'lecture', typeof omrEvents>>;

/** Progress goes out at most this often while pages are read. */
const PROGRESS_EVERY_MS = 600;
/** The job queue batches are read from (the product's one job system, src/lib/jobs). */
export const READ_QUEUE = 'omr.read';
/** Batches read at once per instance (worker-pool.ts shares its workers between them). */
export const OMR_BATCHES_AT_ONCE = 4;
/** Retries after an unexpected failure (a worker thread that died, storage that did not answer). */
const READ_RETRIES = 2;

type ReadJob = { batchId: number };
type SheetInsert = typeof omrSheets.$inferInsert;

type Actor = { id: number };

/**
 * Reading batches: a TA's upload of scans and photos for an exam becomes a batch, read page by
 * page in worker threads; each page becomes a sheet with its answers, the fill of every bubble and
 * its straightened image. Progress goes to the lecture's realtime topic as `omr` events.
 *
 * A batch is one `omr.read` job: queued in the transaction that creates it, run by whichever
 * instance takes it, read again from the start after a crash (its lease lapses and another
 * instance takes it, the batch shown "queued" meanwhile) or a shutdown (the job is handed back).
 */
export function createBatchService(deps: OmrDeps & { print: PrintService; numbers: NumberService }) {
  const { ctx, exams, lectures, users, files, pool, print, numbers } = deps;
  const { db } = ctx;
  /** Jobs this process queued and has not seen end: `idle` waits for them. */
  const queued = new Map<string, Promise<unknown>>();

  async function requireBatch(batchId: number): Promise<BatchRow> {
    const [row] = await db.select().from(omrBatches).where(eq(omrBatches.id, batchId));
    if (!row) throw appError(OMR_ERRORS.batch_not_found, 'OMR 채점 기록을 찾을 수 없습니다');
    return row;
  }

  async function describe(rows: BatchRow[]): Promise<OmrBatch[]> {
    if (!rows.length) return [];
    const sheets = await db
      .select({ batchId: omrSheets.batchId, status: omrSheets.status, questions: omrSheets.questions })
      .from(omrSheets)
      .where(inArray(omrSheets.batchId, rows.map((r) => r.id)));
    const fileIds = [...new Set(rows.flatMap((r) => r.fileIds))];
    const names = await users.directory(rows.map((r) => r.createdBy));
    const fileNames = await files.omrFiles.names(fileIds);
    return rows.map((r) => {
      const mine = sheets.filter((s) => s.batchId === r.id);
      const counts = { unreadable: 0, review: 0, ready: 0, applied: 0, kept: 0 };
      for (const s of mine) counts[s.status]++;
      return mapBatch(r, {
        files: r.fileIds.map((id) => ({ id, fileName: fileNames.get(id) ?? '(삭제된 파일)' })),
        counts,
        flagged: mine.reduce((n, s) => n + (s.status === 'applied' || s.status === 'kept' ? 0 : pendingOf(s.questions).length), 0),
        createdByName: names.get(r.createdBy)?.name ?? null,
      });
    });
  }

  async function publish(row: Pick<BatchRow, 'id' | 'examId' | 'lectureId' | 'status' | 'done' | 'total'>) {
    const event: OmrEventInput = { type: 'omr', data: { batchId: row.id, examId: row.examId, status: row.status, done: row.done, total: row.total } };
    await ctx.realtime.publish(lectureTopic.of(row.lectureId), event);
  }

  async function enqueue(row: Pick<BatchRow, 'id'>) {
    const id = await ctx.jobs.send<ReadJob>(READ_QUEUE, { batchId: row.id });
    if (id) queued.set(id, ctx.jobs.settled(id).finally(() => queued.delete(id)));
  }

  async function fail(batchId: number, message: string) {
    const [row] = await db.update(omrBatches).set({ status: 'failed', error: message, finishedAt: ctx.now() }).where(eq(omrBatches.id, batchId)).returning();
    if (row) await publish(row);
  }

  async function handle(job: Job<ReadJob>) {
    try {
      await read(job.data.batchId, job.signal);
    } catch (err) {
      if (job.signal.aborted) throw err;
      const expected = err instanceof Error && 'statusCode' in err;
      if (!expected && job.attempt <= READ_RETRIES) throw err;
      job.log.error({ err }, `omr batch ${job.data.batchId} failed`);
      await fail(job.data.batchId, expected ? (err as Error).message : '답안지를 읽는 중 문제가 생겼습니다. 다시 시도해 주세요');
    }
  }

  /** The instance reading the batch died: it waits for another one (or fails, with no attempt left). */
  async function abandoned(job: AbandonedJob<ReadJob>) {
    if (job.final) return fail(job.data.batchId, '답안지를 읽던 서버가 멈췄습니다. 다시 시도해 주세요');
    const [row] = await db.update(omrBatches).set({ status: 'queued', done: 0 }).where(and(eq(omrBatches.id, job.data.batchId), eq(omrBatches.status, 'reading'))).returning();
    if (row) await publish(row);
  }

  /** Reads every page of the batch (again from the start if a previous reader stopped midway). */
  async function read(batchId: number, signal: AbortSignal) {
    const [claimed] = await db
      .update(omrBatches)
      .set({ status: 'reading', heartbeatAt: ctx.now(), done: 0, error: null })
      .where(and(eq(omrBatches.id, batchId), inArray(omrBatches.status, ['queued', 'reading'])))
      .returning();
    if (!claimed) return;
    await db.delete(omrSheets).where(eq(omrSheets.batchId, batchId));
    const { exam, layout } = await print.examLayout(claimed.examId);
    const participants = new Set(await lectures.participation.participantsOf(claimed.weeklyLectureId));
    const byNumber = new Map([...(await numbers.ensure([...participants]))].map(([userId, n]) => [n, userId]));

    const pages: { fileId: number; index: number; source: PageSource }[] = [];
    for (const fileId of claimed.fileIds) {
      const data = await files.omrFiles.read(fileId);
      // The upload moves to the worker (no copy on this thread); it comes back only if a page is rendered from it.
      const bytes = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? new Uint8Array(data.buffer) : new Uint8Array(data);
      const split = await pool.run({ type: 'split', bytes }, [bytes.buffer as ArrayBuffer]);
      for (const page of split.pages) pages.push({ fileId, index: page.index, source: { kind: 'pdf', page, pdf: page.render ? split.pdf : undefined } });
    }
    let row: BatchRow = { ...claimed, total: pages.length };
    await db.update(omrBatches).set({ total: pages.length, heartbeatAt: ctx.now() }).where(eq(omrBatches.id, batchId));
    await publish(row);

    let done = 0;
    let lastPublish = 0;
    const queue = [...pages];
    // Sheets are written together with the progress (one insert per 0.6 s, not one per page).
    const unwritten: SheetInsert[] = [];
    const write = async () => {
      const rows = unwritten.splice(0);
      if (rows.length) await db.insert(omrSheets).values(rows);
    };
    await Promise.all(
      Array.from({ length: Math.min(queue.length, pool.size * 2) }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          signal.throwIfAborted();
          // The page's picture moves to the worker: nothing on this thread needs it afterwards.
          const moved = p.source.kind === 'pdf' && p.source.page.bytes ? [p.source.page.bytes.buffer as ArrayBuffer] : [];
          const result = await pool.run({ type: 'read', source: p.source, layout: layout.layout }, moved).catch((err: unknown): PageResult => ({ ok: false, reason: err instanceof Error ? err.message.slice(0, 200) : '이 쪽을 읽지 못했습니다' }));
          unwritten.push(await sheetRow({ batch: claimed, fileId: p.fileId, index: p.index, result, identify: (r) => identify(r, { examId: exam.id, participants, byNumber }) }));
          done++;
          if (performance.now() - lastPublish > PROGRESS_EVERY_MS || done === pages.length) {
            lastPublish = performance.now();
            await write();
            await db.update(omrBatches).set({ done, heartbeatAt: ctx.now() }).where(eq(omrBatches.id, batchId));
            row = { ...row, done };
            await publish(row);
          }
        }
      }),
    );
    await write();
    await markDuplicates(batchId);
    const [finished] = await db.update(omrBatches).set({ status: 'review', done, finishedAt: ctx.now(), heartbeatAt: ctx.now() }).where(eq(omrBatches.id, batchId)).returning();
    if (finished) await publish(finished);
  }

  function identify(result: Extract<PageResult, { ok: true }>, o: { examId: number; participants: Set<number>; byNumber: Map<string, number> }) {
    const qr = result.qr ? parseQrPayload(result.qr) : null;
    if (qr) {
      if (qr.examId !== o.examId) return { userId: null, idSource: null, reason: `다른 시험의 답안지입니다 (시험 ID ${qr.examId}). 학생과 답을 확인해 주세요` };
      if (o.participants.has(qr.userId)) return { userId: qr.userId, idSource: 'qr' as const, reason: null };
      return { userId: null, idSource: null, reason: '이 회차 참여 학생이 아닌 답안지입니다 (QR)' };
    }
    const id = result.id;
    if (id.number && id.valid && !id.flagged) {
      const owner = o.byNumber.get(id.number);
      if (owner !== undefined) return { userId: owner, idSource: 'number' as const, reason: null };
      return { userId: null, idSource: null, reason: `수험번호 ${id.number}의 학생이 이 회차에 없습니다` };
    }
    return { userId: null, idSource: null, reason: id.number ? `수험번호를 읽지 못했습니다 (${id.number}). 학생을 골라 주세요` : '수험번호가 비어 있습니다. 학생을 골라 주세요' };
  }

  /** A read page as its sheet's row (its straightened image is stored here; the row is written by the caller). */
  async function sheetRow(o: { batch: BatchRow; fileId: number; index: number; result: PageResult; identify: (r: Extract<PageResult, { ok: true }>) => { userId: number | null; idSource: 'qr' | 'number' | null; reason: string | null } }): Promise<SheetInsert> {
    const { batch, result } = o;
    if (!result.ok) return { batchId: batch.id, examId: batch.examId, fileId: o.fileId, page: o.index, status: 'unreadable', reason: result.reason };
    const who = o.identify(result);
    const imageKey = `omr/${batch.examId}/${batch.id}/${o.fileId}-${o.index}.jpg`;
    await ctx.storage.put({ key: imageKey, body: result.jpeg, contentType: 'image/jpeg' });
    const questions: OmrQuestion[] = result.questions.map((q) => ({ no: q.no, answer: q.answer, read: q.answer, flagged: q.flagged, confirmed: false, fields: q.fields }));
    const flaggedCount = questions.filter((q) => q.flagged).length;
    const sheet = { userId: who.userId, questions, status: 'review' as const };
    return {
      batchId: batch.id, examId: batch.examId, fileId: o.fileId, page: o.index,
      status: statusOf(sheet),
      reason: who.reason ?? (flaggedCount ? `확인할 문항 ${flaggedCount}개` : null),
      userId: who.userId, idSource: who.idSource, candidateNumber: result.id.number, qr: result.qr,
      imageKey, scale: result.scale, levels: result.levels,
      fields: result.fields.map((f) => ({ id: f.id, marked: f.marked, fills: f.fills, status: f.status, notes: f.notes, confidence: f.confidence, flagged: f.flagged, dx: f.dx, dy: f.dy })),
      questions,
    };
  }

  /** Two sheets for one student in a batch: both wait for a person. */
  async function markDuplicates(batchId: number) {
    const rows = await db.select().from(omrSheets).where(eq(omrSheets.batchId, batchId));
    const seen = new Map<number, SheetRow[]>();
    for (const r of rows) if (r.userId !== null) seen.set(r.userId, [...(seen.get(r.userId) ?? []), r]);
    const dup = [...seen.values()].filter((list) => list.length > 1).flat();
    if (dup.length) await db.update(omrSheets).set({ status: 'review', reason: '같은 학생의 답안지가 여러 장입니다. 학생을 확인해 주세요' }).where(inArray(omrSheets.id, dup.map((d) => d.id)));
  }

  return {
    definition: {
      queue: READ_QUEUE,
      // Up to four batches at once per instance, sharing the workers page by page (the pool's queue
      // is first come, first served, and each batch keeps at most two pages per worker in it): a
      // long batch slows another TA's batch, it does not hold it back.
      concurrency: OMR_BATCHES_AT_ONCE,
      retryLimit: READ_RETRIES,
      retryDelaySeconds: 10,
      // Hundreds of pages on a small server; a reader that died is retried after this.
      expireInSeconds: 30 * 60,
      handler: handle,
      abandoned,
    } satisfies JobDefinition<ReadJob>,
    requireBatch,
    describe,
    publish,

    async start(opts: { lectureId: number; weeklyLectureId: number; examId: number; fileIds: number[]; actor: Actor }): Promise<OmrBatch> {
      const exam = await exams.exams.get(opts.examId);
      if (exam.weeklyLectureId !== opts.weeklyLectureId || exam.lectureId !== opts.lectureId) throw appError(EXAM_ERRORS.not_found, '이 회차의 시험이 아닙니다', { field: 'examId' });
      await print.examLayout(exam.id);
      const fileIds = [...new Set(opts.fileIds)];
      await files.omrFiles.requireReady({ fileIds, weeklyLectureId: opts.weeklyLectureId });
      const row = await db.transaction(async () => {
        const [created] = await db
          .insert(omrBatches)
          .values({ examId: exam.id, lectureId: exam.lectureId, weeklyLectureId: exam.weeklyLectureId, fileIds, createdBy: opts.actor.id, createdAt: ctx.now(), heartbeatAt: ctx.now() })
          .returning();
        await ctx.audit.record({ actorId: opts.actor.id, action: 'omr.batch_start', entity: 'omr_batch', entityId: created!.id, after: { examId: exam.id, fileIds } });
        await publish(created!);
        await enqueue(created!);
        return created!;
      });
      return (await describe([row]))[0]!;
    },

    async list(opts: { lectureId: number; weeklyLectureId: number }): Promise<OmrBatch[]> {
      await lectures.sessions.require({ weeklyLectureId: opts.weeklyLectureId, lectureId: opts.lectureId });
      return describe(await db.select().from(omrBatches).where(eq(omrBatches.weeklyLectureId, opts.weeklyLectureId)).orderBy(desc(omrBatches.id)));
    },

    async detail(batchId: number): Promise<OmrBatchDetail> {
      const row = await requireBatch(batchId);
      const [batch] = await describe([row]);
      const sheets = await db.select().from(omrSheets).where(eq(omrSheets.batchId, batchId)).orderBy(asc(omrSheets.fileId), asc(omrSheets.page));
      const exam = await exams.exams.get(row.examId);
      const names = await users.directory(sheets.flatMap((s) => (s.userId === null ? [] : [s.userId])));
      const fileNames = new Map(batch!.files.map((f) => [f.id, f.fileName]));
      return { ...batch!, sheetList: sheets.map((s) => mapSheetSummary(s, { fileName: fileNames.get(s.fileId) ?? '', studentName: s.userId === null ? null : (names.get(s.userId)?.name ?? null), key: exam.questions as Question[] })) };
    },

    /** Resolves when the batches being read in this process are done (tests, shutdown). */
    async idle() {
      while (queued.size) await Promise.all(queued.values());
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
