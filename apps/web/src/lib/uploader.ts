/**
 * Uploads straight to storage through the files API (signed PUT, or multipart for large files):
 * shared by every area that uploads (lecture materials, student uploads, receipts, OMR scans).
 */
import {
  FILE_SIZE_LIMIT, FILE_TYPES, fileExtension, filesApi, formatFileSize, MULTIPART_THRESHOLD, portalFilesApi, PROFILE_IMAGE_EXTENSIONS, RECEIPT_FAMILIES, VIDEO_EXTENSIONS, type FileKind, type StoredFile, type StudentFileKind,
} from '@academy/contracts/files';
import { call } from './call.ts';
import { ApiError } from './http.ts';

export type UploadProgress = { loaded: number; total: number };

/** Bytes go to the storage's signed URLs; these calls to the API start, confirm and cancel. */
const quiet = { overlay: false } as const;

const PARALLEL_PARTS = 4;
const PART_ATTEMPTS = 3;

export class UploadCancelled extends Error {
  constructor() {
    super('업로드를 취소했습니다');
  }
}

/** A message before any byte is sent, when the file cannot be accepted (type or size). */
export function precheck(file: File, kind: FileKind): string | null {
  const ext = fileExtension(file.name);
  if (!FILE_TYPES[ext]) return `${file.name}: 올릴 수 없는 파일 형식입니다 (.${ext || '확장자 없음'})`;
  if (kind === 'video' && !VIDEO_EXTENSIONS.includes(ext)) return `${file.name}: 강의 영상은 MP4 또는 MOV 파일로 올려 주세요`;
  if (kind === 'profile' && !(PROFILE_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return `${file.name}: 프로필 사진은 JPG, PNG 또는 WEBP 사진으로 올려 주세요`;
  if (kind === 'receipt' && !RECEIPT_FAMILIES.includes(FILE_TYPES[ext].family)) return `${file.name}: 영수증은 사진(JPG, PNG, WEBP)이나 PDF로 올려 주세요`;
  if (file.size === 0) return `${file.name}: 빈 파일은 올릴 수 없습니다`;
  if (file.size > FILE_SIZE_LIMIT[kind]) return `${file.name}: 최대 ${formatFileSize(FILE_SIZE_LIMIT[kind])}까지 올릴 수 있습니다 (${formatFileSize(file.size)})`;
  return null;
}

/**
 * A PUT of bytes to a signed storage URL. Not an API call (no token, the signature is the
 * authorisation) and XHR rather than fetch because only XHR reports upload progress.
 */
function putBytes(opts: { url: string; body: Blob; headers?: Record<string, string>; signal: AbortSignal; onProgress: (loaded: number) => void }): Promise<{ etag: string | null }> {
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) return reject(new UploadCancelled());
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', opts.url);
    for (const [k, v] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => opts.onProgress(e.loaded);
    const onAbort = () => xhr.abort();
    opts.signal.addEventListener('abort', onAbort, { once: true });
    xhr.onload = () => {
      opts.signal.removeEventListener('abort', onAbort);
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ etag: xhr.getResponseHeader('ETag') });
      let message = `저장소가 업로드를 거절했습니다 (${xhr.status})`;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string };
        if (body.message) message = body.message;
      } catch {
        // S3 answers in XML; the status is enough.
      }
      reject(new ApiError({ status: xhr.status, code: 'files.storage_refused', message }));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'network.error', message: '업로드 중 연결이 끊겼습니다' }));
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.send(opts.body);
  });
}

async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Staff upload lecture materials, videos and OMR scans to a weekly lecture; a student uploads into their own space. */
export type UploadTarget = { student?: false; kind: FileKind; weeklyLectureId?: number | null } | { student: true; kind: StudentFileKind };

/**
 * Uploads one file straight to storage. Up to 10 MB: one signed PUT, then upload-done with the
 * file's SHA-256. Larger: multipart — 8 MB parts, four in flight, each part retried up to three
 * times (with a fresh URL) before the upload fails; cancelling aborts and the server removes the
 * parts. The server checks size, checksum (its own SHA-256 for multipart, plus the store's
 * per-part ETag) and the real file type before the file appears.
 */
export async function uploadFile(opts: { file: File; target: UploadTarget; signal: AbortSignal; onProgress: (p: UploadProgress) => void }): Promise<StoredFile> {
  const { file, target, signal } = opts;
  const body = { fileName: file.name, contentType: file.type || 'application/octet-stream', fileSize: file.size, kind: target.kind, weeklyLectureId: target.student ? null : (target.weeklyLectureId ?? null) };
  const total = file.size;
  if (file.size <= MULTIPART_THRESHOLD) {
    const checksum = await sha256Hex(file);
    const init = target.student
      ? await call(portalFilesApi.upload, { body: { ...body, kind: target.kind } }, quiet)
      : await call(filesApi.uploadUrl, { body }, quiet);
    try {
      await putBytes({ url: init.url, body: file, headers: init.headers, signal, onProgress: (loaded) => opts.onProgress({ loaded, total }) });
    } catch (err) {
      await call(filesApi.delete, { params: { id: init.file.id } }, quiet).catch(() => {});
      throw err;
    }
    return call(filesApi.uploadDone, { params: { id: init.file.id }, body: { sha256: checksum } }, quiet);
  }

  const init = await call(filesApi.multipartInitiate, { body }, quiet);
  const loadedByPart = new Map<number, number>();
  const report = () => opts.onProgress({ loaded: [...loadedByPart.values()].reduce((a, b) => a + b, 0), total });
  const queue = [...init.parts];
  const etags: { partNumber: number; etag: string }[] = [];
  const sendPart = async (part: { partNumber: number; size: number; url: string }) => {
    const start = (part.partNumber - 1) * init.partSize;
    const blob = file.slice(start, start + part.size);
    let url = part.url;
    for (let attempt = 1; ; attempt++) {
      try {
        const { etag } = await putBytes({ url, body: blob, signal, onProgress: (loaded) => { loadedByPart.set(part.partNumber, loaded); report(); } });
        if (!etag) throw new ApiError({ status: 0, code: 'files.etag_missing', message: '저장소가 ETag를 돌려주지 않았습니다 (CORS 설정에서 ETag 헤더를 노출해야 합니다)' });
        etags.push({ partNumber: part.partNumber, etag });
        return;
      } catch (err) {
        loadedByPart.set(part.partNumber, 0);
        if (err instanceof UploadCancelled || attempt >= PART_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, 500 * attempt));
        url = (await call(filesApi.multipartPartUrl, { body: { uploadId: init.uploadId, partNumber: part.partNumber } }, quiet)).url;
      }
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) await sendPart(p);
      }),
    );
    return await call(filesApi.multipartComplete, { body: { uploadId: init.uploadId, parts: etags } }, quiet);
  } catch (err) {
    // Whatever failed (cancel, a part that kept failing), the parts already stored are removed.
    await call(filesApi.multipartAbort, { body: { uploadId: init.uploadId } }, quiet).catch(() => {});
    throw err;
  }
}
