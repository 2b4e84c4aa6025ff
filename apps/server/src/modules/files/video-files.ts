import { FILES_ERRORS } from '@academy/contracts/files';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FileRecords } from './files.records.ts';
import type { LibraryService } from './library.service.ts';

/** The stored original of a lecture video, as the videos area reads it (bytes through ctx.storage). */
export type VideoFileSource = { id: number; storageKey: string; fileName: string; size: number; contentType: string };

/**
 * What the videos area asks of an uploaded lecture video (kind `video`): the upload itself goes
 * through this module's multipart flow like any file; the videos area then checks that the file
 * belongs to the session, reads its bytes to process them, and removes it with the video.
 */
export function createVideoFiles(deps: { records: FileRecords; library: LibraryService }) {
  const { records, library } = deps;
  const toSource = (row: { id: number; storageKey: string; fileName: string; size: number; contentType: string }): VideoFileSource => ({
    id: row.id, storageKey: row.storageKey, fileName: row.fileName, size: row.size, contentType: row.contentType,
  });

  return {
    /** A finished video upload of this weekly lecture, or a 4xx naming the field. */
    async require(opts: { fileId: number; weeklyLectureId: number; field: string }): Promise<VideoFileSource> {
      const row = await records.find(opts.fileId);
      if (!row || row.kind !== 'video' || row.weeklyLectureId !== opts.weeklyLectureId) {
        throw appError(FILES_ERRORS.not_found, '이 회차에 올린 강의 영상 파일을 찾을 수 없습니다', { field: opts.field });
      }
      if (row.status !== 'available') throw appError(FILES_ERRORS.not_available, '업로드가 끝나지 않은 파일입니다', { field: opts.field });
      return toSource(row);
    },

    /** The original's object, or null once the file is gone (a processing job then gives up). */
    async source(fileId: number): Promise<VideoFileSource | null> {
      const row = await records.find(fileId);
      return row && row.status === 'available' ? toSource(row) : null;
    },

    /** Removes the original with its video (soft delete, audited; the bytes go). */
    async remove(opts: { actor: AuthUser; fileId: number }): Promise<void> {
      if (await records.find(opts.fileId)) await library.delete(opts);
    },
  };
}
