import { boardApi } from '@academy/contracts/board';
import { call } from '../../../lib/call.ts';
import { ApiError } from '../../../lib/http.ts';

export type UploadedAttachment = { fileId: number; ticket: string; fileName: string; contentType: string; size: number };

async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One attachment on the files flow: a signed URL from the board, the bytes straight to storage,
 * then the check. The ticket it returns is what lets this browser put the file on its post.
 */
export async function uploadAttachment(file: File): Promise<UploadedAttachment> {
  const start = await call(boardApi.uploadUrl, { body: { fileName: file.name, fileSize: file.size, contentType: file.type } }, { overlay: false });
  const res = await fetch(start.url, { method: 'PUT', headers: start.headers, body: file });
  if (!res.ok) throw new ApiError({ status: res.status, code: 'files.storage_refused', message: `파일을 올리지 못했습니다 (${res.status})` });
  const done = await call(boardApi.uploadDone, { params: { id: start.file.id }, body: { sha256: await sha256Hex(file), ticket: start.ticket } }, { overlay: false });
  return { fileId: done.id, ticket: start.ticket, fileName: done.fileName, contentType: done.contentType, size: done.size };
}
