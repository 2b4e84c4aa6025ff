import { FILE_TYPES, fileExtension, type StoredFile, WATERMARKABLE_FAMILIES } from '@academy/contracts/files';
import { hasPermission } from '@academy/contracts/roles';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../plugins/auth.ts';
import type { files } from './files.table.ts';

export type FileRow = typeof files.$inferSelect;

export const isStaff = (u: AuthUser) => hasPermission(u, 'TA');

/** A receipt is a TA's own pay document: its owner and admins open it, other TAs do not. */
export const mayHandleReceipt = (u: AuthUser, row: { ownerId: number | null }) => row.ownerId === u.userId || hasPermission(u, 'ADMIN');

export function toStoredFile(row: FileRow, ownerName: string | null = null): StoredFile {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    kind: row.kind,
    status: row.status,
    memo: row.memo,
    hasParentAccess: row.hasParentAccess,
    lectureId: row.lectureId,
    weeklyLectureId: row.weeklyLectureId,
    ownerId: row.ownerId,
    ownerName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The date in Korea, as the watermark shows it and the cache keys it. */
export function kstDay(d: Date): { key: string; label: string } {
  const [y, m, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d).split('-');
  return { key: `${y}-${m}-${day}`, label: `${y}.${m}.${day}` };
}

/** A new storage key for an uploaded file: `files/<yyyy>/<mm>/<uuid>` (never the user's name). */
export function newStorageKey(now: Date): string {
  return `files/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
}

/** PDF, PNG or JPEG by its (checked) extension: what a watermarked copy can be made of. */
export function watermarkFamily(fileName: string): 'pdf' | 'png' | 'jpeg' | null {
  const family = FILE_TYPES[fileExtension(fileName)]?.family;
  return family && WATERMARKABLE_FAMILIES.includes(family) ? (family as 'pdf' | 'png' | 'jpeg') : null;
}
