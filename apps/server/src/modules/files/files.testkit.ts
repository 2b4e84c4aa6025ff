import { createHash } from 'node:crypto';
import { FILE_KINDS, filesApi, portalFilesApi, STUDENT_FILE_KINDS } from '@academy/contracts/files';
import { studentsApi } from '@academy/contracts/students';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import type { ReplyOf } from '@academy/contracts/endpoint';
import type { ApiError, CallResult, TestApp } from '../../../test/harness.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { makePng } from './files.seed.ts';

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A real PDF with `pages` pages of text (the kind of handout a teacher uploads). */
export async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const p = doc.addPage([595, 842]);
    p.drawText(`Unit ${i + 1}: quadratic functions`, { x: 60, y: 760, size: 18, font });
    for (let l = 0; l < 30; l++) p.drawText(`Problem ${l + 1}. Solve x^2 - ${l + 2}x + ${l} = 0.`, { x: 60, y: 720 - l * 22, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

export const PNG_SAMPLE = makePng(40, 30);

/**
 * How many glyphs with a visible outline the PDF's embedded TrueType programs (FontFile2) hold.
 * A text layer can be right while the visible glyphs are gone (a broken subset keeps the
 * character map but empties the outlines), so this reads the embedded font programs themselves.
 */
export async function drawableGlyphCount(pdf: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  const fonts = doc.context
    .enumerateIndirectObjects()
    .map(([, obj]) => (obj instanceof PDFDict ? obj.lookup(PDFName.of('FontFile2')) : undefined))
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => (fontkit as unknown as { create: (b: Buffer) => FontkitFont }).create(Buffer.from(decodePDFRawStream(s).decode())));
  let n = 0;
  for (const f of fonts) {
    for (let gid = 1; gid < f.numGlyphs; gid++) {
      try {
        if (f.getGlyph(gid).path.commands.length > 0) n++;
      } catch {
        // a truncated glyph record: not drawable
      }
    }
  }
  return n;
}
type FontkitFont = { numGlyphs: number; getGlyph: (gid: number) => { path: { commands: unknown[] } } };

/** A Windows executable header: what a renamed .exe starts with. */
export const FAKE_EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);

/** Sends bytes to a signed URL: the local driver's are answered by the app itself, the s3 driver's by the store. */
export async function sendToUrl(t: TestApp, opts: { url: string; method: 'PUT' | 'GET'; body?: Buffer; headers?: Record<string, string> }): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  if (opts.url.startsWith('/')) {
    const res = await t.app.inject({ method: opts.method, url: opts.url, payload: opts.body, headers: { 'content-type': 'application/octet-stream', ...opts.headers } });
    return { status: res.statusCode, headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])), body: res.rawPayload };
  }
  const res = await fetch(opts.url, { method: opts.method, body: opts.body ? new Uint8Array(opts.body) : undefined, headers: opts.headers });
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * A class to share files with: staff, a lecture with two enrolled students (the first is 최민준,
 * phone ending 0001), a student of no lecture (`outsider`), and a session from today on that the
 * enrolled students take part in (`wlId`).
 */
export async function makeFileClass(t: TestApp): Promise<{
  staff: Awaited<ReturnType<typeof makeStaff>>;
  student: TestAccount;
  classmate: TestAccount;
  outsider: TestAccount;
  lectureId: number;
  wlId: number;
}> {
  const staff = await makeStaff(t);
  const [student] = await makeStudents(t, 1, { name: '최민준', phone: '01012340001' });
  const [classmate, outsider] = await makeStudents(t, 2);
  const lecture = await makeLecture(t, { adminToken: staff.admin.token, students: [student!.id, classmate!.id] });
  const session = lecture.sessions.find((s) => s.participantCount > 0);
  if (!session) throw new Error('makeFileClass: no session with participants');
  return { staff, student: student!, classmate: classmate!, outsider: outsider!, lectureId: lecture.id, wlId: session.id };
}

/** `kind` as one of the kinds the upload's contract knows; the kit sends no other. */
function kindOf<K extends string>(kinds: readonly K[], kind: string): K {
  const known = kinds.find((k) => k === kind);
  if (!known) throw new Error(`uploadFile: no such kind ${kind} (${kinds.join(', ')})`);
  return known;
}

/** What upload-done answered: the file on a 2xx, the API's error otherwise (the test knows which). */
export type UploadDone = Omit<ReplyOf<typeof filesApi.uploadDone>, keyof ApiError> & ApiError;

/**
 * Uploads bytes the way a browser does (upload-url, PUT to the signed URL, upload-done) and returns
 * the upload-done answer. That answer is the whole reply, refusals too (a checksum that does not
 * match, an executable): callers assert its status and body, so upload-done is sent by hand.
 */
export async function uploadFile(
  t: TestApp,
  opts: { token: string; body: Buffer; fileName: string; contentType?: string; kind?: string; weeklyLectureId?: number | null; checksum?: string; portal?: boolean },
): Promise<{ fileId: number; done: CallResult<UploadDone> }> {
  const body = {
    fileName: opts.fileName,
    contentType: opts.contentType ?? 'application/pdf',
    fileSize: opts.body.length,
    ...(opts.weeklyLectureId === undefined ? {} : { weeklyLectureId: opts.weeklyLectureId }),
  };
  const kind = opts.kind ?? 'material';
  const { file, url, headers } = opts.portal
    ? await t.api(portalFilesApi.upload, { token: opts.token, body: { ...body, kind: kindOf(STUDENT_FILE_KINDS, kind) } })
    : await t.api(filesApi.uploadUrl, { token: opts.token, body: { ...body, kind: kindOf(FILE_KINDS, kind) } });
  const put = await sendToUrl(t, { url, method: 'PUT', body: opts.body, headers });
  if (put.status !== 200) throw new Error(`uploadFile PUT: ${put.status} ${put.body.toString()}`);
  // By hand: callers check the refusals (a wrong checksum, an executable) as well as the file.
  const done = await t.call<UploadDone>('PUT', `/api/files/${file.id}/upload-done`, opts.token, { sha256: opts.checksum ?? sha256(opts.body) });
  return { fileId: file.id, done };
}

/** A student made through the students API, with a parent phone (or none). */
export async function makeStudentWithParent(t: TestApp, opts: { token: string; name: string; parentPhone: string | null }): Promise<{ id: number; name: string }> {
  const loginId = `parent${process.pid}x${Math.random().toString(36).slice(2, 8)}`;
  const made = await t.api(studentsApi.create, { token: opts.token, body: { loginId, name: opts.name, phone: '01055550000', password: 'test-pass-1234!', parentPhone: opts.parentPhone } });
  return { id: made.id, name: made.name };
}
