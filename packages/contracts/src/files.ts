/**
 * Files: kinds, limits and accepted formats, shared by the server (which enforces them) and the
 * web (which checks early so a user is told before a long upload).
 */

/** material: 강의 자료 on a weekly lecture (staff); homework / self_study: a student's own uploads. */
export const FILE_KINDS = ['material', 'homework', 'self_study'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const STUDENT_FILE_KINDS: readonly FileKind[] = ['homework', 'self_study'];

export const FILE_KIND_LABEL: Record<FileKind, string> = { material: '강의 자료', homework: '과제', self_study: '자습 파일' };

const MB = 1024 * 1024;
/** Lecture videos can be large; a student's photo of homework or a scanned PDF is not. */
export const FILE_SIZE_LIMIT: Record<FileKind, number> = { material: 2048 * MB, homework: 100 * MB, self_study: 100 * MB };

/** Browsers switch to multipart above this size; each part is PART_SIZE bytes (the last one less). */
export const MULTIPART_THRESHOLD = 10 * MB;
export const PART_SIZE = 8 * MB;
export const MAX_PARTS = 10_000;

/** Content families recognised from the first bytes of a file (magic numbers). */
export type ContentFamily = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'ole' | 'mp4' | 'mp3' | 'text';

/** Accepted extensions, the content each must really have, and the type it is served with. */
export const FILE_TYPES: Record<string, { family: ContentFamily; contentType: string }> = {
  pdf: { family: 'pdf', contentType: 'application/pdf' },
  png: { family: 'png', contentType: 'image/png' },
  jpg: { family: 'jpeg', contentType: 'image/jpeg' },
  jpeg: { family: 'jpeg', contentType: 'image/jpeg' },
  gif: { family: 'gif', contentType: 'image/gif' },
  webp: { family: 'webp', contentType: 'image/webp' },
  zip: { family: 'zip', contentType: 'application/zip' },
  docx: { family: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { family: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { family: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  hwpx: { family: 'zip', contentType: 'application/hwp+zip' },
  hwp: { family: 'ole', contentType: 'application/x-hwp' },
  doc: { family: 'ole', contentType: 'application/msword' },
  xls: { family: 'ole', contentType: 'application/vnd.ms-excel' },
  ppt: { family: 'ole', contentType: 'application/vnd.ms-powerpoint' },
  mp4: { family: 'mp4', contentType: 'video/mp4' },
  m4a: { family: 'mp4', contentType: 'audio/mp4' },
  mov: { family: 'mp4', contentType: 'video/quicktime' },
  mp3: { family: 'mp3', contentType: 'audio/mpeg' },
  txt: { family: 'text', contentType: 'text/plain; charset=utf-8' },
  csv: { family: 'text', contentType: 'text/csv; charset=utf-8' },
};

/**
 * Lecture materials that are images must be PNG or JPEG: every student copy carries a watermark,
 * and those are the image formats the watermark (a one-page PDF) can embed.
 */
export const WATERMARKABLE_FAMILIES: readonly ContentFamily[] = ['pdf', 'png', 'jpeg'];
export const MATERIAL_REFUSED_FAMILIES: readonly ContentFamily[] = ['gif', 'webp'];

export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i <= 0 ? '' : name.slice(i + 1).toLowerCase();
}

/**
 * A file name safe to show, store and send back in Content-Disposition: no folders, no control
 * or reserved characters, NFC (a name typed on a Mac compares equal to one typed on Windows),
 * at most 150 characters with the extension kept.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  name = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (name.length > 150) {
    const ext = fileExtension(name);
    const keep = ext && ext.length < 10 ? `.${ext}` : '';
    name = name.slice(0, 150 - keep.length).trim() + keep;
  }
  return name || '파일';
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)}KB`;
  if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(1)}MB`;
  return `${(bytes / (1024 * MB)).toFixed(2)}GB`;
}
