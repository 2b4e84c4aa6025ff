import { createWriteStream } from 'node:fs';
import { request } from 'node:http';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BenchEnv, Scenario } from '../types.ts';

const MB = 1024 * 1024;
const UPLOAD_BYTES = 256 * MB;

async function api<T>(env: BenchEnv, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${env.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${env.tokens.admin}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A session of the first lecture, found through the API as staff would. */
async function anyWeeklyLectureId(env: BenchEnv): Promise<number> {
  const [lecture] = await api<{ id: number }[]>(env, 'GET', '/api/lectures?includeDisabled=false');
  if (!lecture) throw new Error('no lecture in the seed');
  const [session] = await api<{ id: number }[]>(env, 'GET', `/api/lectures/${lecture.id}/weekly-lectures`);
  if (!session) throw new Error('no weekly lecture in the seed');
  return session.id;
}

/**
 * One part as a browser sends it, through node:http with the buffer as it is. fetch (undici) copies
 * every 8 MB body, and the copies' garbage collection over this process's heap (it holds the seeded
 * app) cost 1.5–2.4 s of CPU per 256 MB on the two cores the server also runs on: the browser's work
 * in real life, not the server's.
 */
function putPart(url: string, body: Buffer): Promise<{ status: number; etag: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': String(body.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? '') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The same bytes the upload sends, written straight to a file in 8 MB chunks and synced: the disk's
 * rate here. Both sides end on the disk (the local driver syncs the file before "complete" answers):
 * without the sync this lands in the page cache and swings from under 100 MB/s to several GB/s with
 * what the machine is writing back at that moment.
 */
async function rawDiskWrite(env: BenchEnv, chunk: Buffer): Promise<number> {
  const file = path.join(env.tmpDir, 'raw-disk-write.bin');
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(file);
    out.on('error', reject);
    let written = 0;
    const next = () => {
      while (written < UPLOAD_BYTES) {
        written += chunk.length;
        if (!out.write(chunk)) return void out.once('drain', next);
      }
      out.end(resolve);
    };
    next();
  });
  const handle = await open(file, 'r');
  await handle.sync();
  await handle.close();
  const seconds = (performance.now() - t0) / 1000;
  await rm(file, { force: true });
  return UPLOAD_BYTES / MB / seconds;
}

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'files: 256 MB multipart upload through the local driver (4 parallel parts, verify + SHA-256)',
    target: '≥ 60% of raw disk write',
    measure: async (env) => {
      const chunk = Buffer.alloc(8 * MB, 0x41);
      // A zip of material (not watermarked, so not held to the 200 MB cap of PDFs and pictures).
      Buffer.from('PK\x03\x04').copy(chunk);
      const diskMBs = await rawDiskWrite(env, chunk);
      const wlId = await anyWeeklyLectureId(env);

      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const init = await api<{ uploadId: string; parts: { partNumber: number; size: number; url: string }[] }>(env, 'POST', '/api/files/multipart/initiate', {
        fileName: '벤치 자료 묶음.zip', contentType: 'application/zip', fileSize: UPLOAD_BYTES, kind: 'material', weeklyLectureId: wlId,
      });
      const queue = [...init.parts];
      const etags: { partNumber: number; etag: string }[] = [];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let p = queue.shift(); p; p = queue.shift()) {
            const body = p.size === chunk.length ? chunk : chunk.subarray(0, p.size);
            const res = await putPart(`${env.baseUrl}${p.url}`, body);
            if (res.status !== 200) throw new Error(`part ${p.partNumber}: ${res.status}`);
            etags.push({ partNumber: p.partNumber, etag: res.etag });
          }
        }),
      );
      const tParts = performance.now();
      await api(env, 'POST', '/api/files/multipart/complete', { uploadId: init.uploadId, parts: etags });
      const total = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const partsOnly = (tParts - t0) / 1000;
      const uploadMBs = UPLOAD_BYTES / MB / total;
      return {
        extra: {
          'upload MB/s (end to end)': Number(uploadMBs.toFixed(0)),
          'parts MB/s': Number((UPLOAD_BYTES / MB / partsOnly).toFixed(0)),
          'disk MB/s': Number(diskMBs.toFixed(0)),
          ratio: Number((uploadMBs / diskMBs).toFixed(2)),
          'complete s': Number((total - partsOnly).toFixed(2)),
          // The client's CPU seconds (with PGlite the server shares this process and is counted too).
          'process CPU s': Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
        },
      };
    },
  },
  {
    kind: 'custom',
    name: 'files: watermark a 50-page PDF (Korean font subset embedded), uncached',
    target: '≤ 2 s',
    measure: async (env) => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let i = 0; i < 50; i++) {
        const p = doc.addPage([595, 842]);
        for (let l = 0; l < 40; l++) p.drawText(`Page ${i + 1} line ${l + 1}: integrals, limits and series practice.`, { x: 50, y: 800 - l * 19, size: 11, font });
      }
      const pdf = Buffer.from(await doc.save());
      const wlId = await anyWeeklyLectureId(env);
      const up = await api<{ file: { id: number }; url: string }>(env, 'POST', '/api/files/upload-url', { fileName: '50쪽 프린트.pdf', contentType: 'application/pdf', fileSize: pdf.length, kind: 'material', weeklyLectureId: wlId });
      const put = await fetch(`${env.baseUrl}${up.url}`, { method: 'PUT', body: new Uint8Array(pdf) });
      if (!put.ok) throw new Error(`put: ${put.status}`);
      const { createHash } = await import('node:crypto');
      await api(env, 'PUT', `/api/files/${up.file.id}/upload-done`, { sha256: createHash('sha256').update(pdf).digest('hex') });
      // Copies are cached per (file, student, day): a different student each run makes a new copy.
      const students = (await env.modules.users.idsOf('STUDENT')).slice(0, 5);
      if (students.length < 5) throw new Error('the seed needs five students');
      const times: number[] = [];
      const cpu0 = process.cpuUsage();
      for (const studentId of students) {
        const t0 = performance.now();
        await api(env, 'POST', `/api/files/${up.file.id}/watermark`, { studentId });
        times.push(performance.now() - t0);
      }
      const cpu = process.cpuUsage(cpu0);
      times.sort((a, b) => a - b);
      const t0 = performance.now();
      await api(env, 'POST', `/api/files/${up.file.id}/watermark`, { studentId: students[0] });
      const cached = performance.now() - t0;
      return { p50Ms: times[2], p99Ms: times[4], extra: { 'process CPU ms per copy': Math.round((cpu.user + cpu.system) / 1000 / 5), 'cached ms': Number(cached.toFixed(1)), 'pdf KB': Math.round(pdf.length / 1024) } };
    },
  },
];
