import { FILES_ERRORS, type StoredFile } from '@academy/contracts/files';
import { and, eq, isNull } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FilesDeps } from './files.deps.ts';
import { isStaff, mayHandleReceipt, toStoredFile, type FileRow } from './files.rows.ts';
import { files } from './files.table.ts';

export type FileRecords = ReturnType<typeof createFileRecords>;

/** Reading file rows the way every use case needs them: live rows only, with the uploader's name. */
export function createFileRecords({ ctx, users }: Pick<FilesDeps, 'ctx' | 'users'>) {
  const { db } = ctx;

  async function find(id: number): Promise<FileRow | null> {
    const [row] = await db.select().from(files).where(and(eq(files.id, id), isNull(files.deletedAt)));
    return row ?? null;
  }

  return {
    find,

    /** The file (not deleted), or 404 `files.not_found`. */
    async require(id: number, message = '파일을 찾을 수 없습니다'): Promise<FileRow> {
      const row = await find(id);
      if (!row) throw appError(FILES_ERRORS.not_found, message);
      return row;
    },

    /** The file as the API answers it, with the uploader's name. */
    async reply(row: FileRow): Promise<StoredFile> {
      const owner = row.ownerId === null ? undefined : (await users.directory([row.ownerId])).get(row.ownerId);
      return toStoredFile(row, owner?.name ?? null);
    },

    /** Staff may change any file; a student only their own. */
    ensureOwnerOrStaff(actor: AuthUser, row: FileRow): void {
      const allowed = row.kind === 'receipt' ? mayHandleReceipt(actor, row) : isStaff(actor) || row.ownerId === actor.userId;
      if (!allowed) throw appError(FILES_ERRORS.forbidden, '이 파일에 접근할 권한이 없습니다');
    },
  };
}
