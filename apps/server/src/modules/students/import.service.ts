import { STUDENT_ERRORS, type ImportReply } from '@academy/contracts/students';
import { insertRows } from '../../db/sql.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { appError } from '../../lib/errors.ts';
import type { StudentsDeps } from './students.deps.ts';
import { readImportRows, validateImportRows, type PreparedImportRow } from './students.excel.ts';
import { startHashing } from './students.passwords.ts';
import { searchColumns } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

/**
 * Rows per round of writes (accounts, profiles, audit rows). Small enough that the first round
 * starts after a few hundred hashes while the thread pool goes on with the rest.
 */
const WRITE_CHUNK = 500;

const P = studentProfiles;
/** The profile columns the import writes, in the order of each row's values below. */
const PROFILE_COLUMNS = [P.userId, P.parentPhone, P.school, P.grade, P.memo, P.searchText, P.searchTokens, P.createdAt, P.updatedAt] as const;

/**
 * Excel import: every row is validated first; with dryRun, or with any error, nothing is
 * written and the report says why per row. Otherwise all rows land in one transaction.
 *
 * The passwords are hashed on the thread pool while the rows are written: the transaction writes
 * a chunk as soon as its hashes are ready, so the database's work (the search-token index above all)
 * overlaps the hashing instead of following it. If a write fails, the rest of the hashing is
 * cancelled and the transaction rolls back whole.
 */
export function createImportService({ ctx, users }: StudentsDeps) {
  const { db, audit } = ctx;

  /**
   * One INSERT … SELECT from unnest for a chunk of profiles (db/sql.ts insertRows): each profile
   * carries about 80 search tokens, which as bound parameters of their own would cost more to build
   * and parse than the insert itself.
   */
  async function insertProfiles(chunk: readonly PreparedImportRow[], idOf: Map<string, number>, now: Date): Promise<void> {
    await insertRows(db, P, PROFILE_COLUMNS, chunk.map((p) => {
      const { searchText, searchTokens } = searchColumns(p);
      return [idOf.get(p.loginId)!, p.parentPhone, p.school, p.grade, p.memo, searchText, searchTokens, now, now];
    }));
  }

  return {
    async importStudents(input: { buffer: Buffer; dryRun: boolean; actorId: number }): Promise<ImportReply> {
      const rows = await readImportRows(input.buffer);
      const takenLoginIds = await users.takenLoginIds(rows.map((r) => r['아이디'].trim()).filter(Boolean));
      const { errors, prepared, preview } = validateImportRows({ rows, takenLoginIds });
      const report = { dryRun: input.dryRun, total: rows.length, valid: prepared.length, inserted: 0, errors, rows: preview };
      if (input.dryRun || errors.length > 0) return report;

      const hashing = startHashing(prepared.map((p) => ({ password: p.password, initial: p.passwordGenerated })));
      const now = ctx.now();
      try {
        await db.transaction(async () => {
          for (let start = 0; start < prepared.length; start += WRITE_CHUNK) {
            const chunk = prepared.slice(start, start + WRITE_CHUNK);
            const hashes = await Promise.all(hashing.hashes.slice(start, start + chunk.length));
            const inserted = await users.createAccounts(
              chunk.map((p, i) => ({ loginId: p.loginId, passwordHash: hashes[i]!, passwordInitial: p.passwordGenerated, userType: 'STUDENT' as const, name: p.name, phone: p.phone, createdBy: input.actorId })),
            );
            const idOf = new Map(inserted.map((u) => [u.loginId, u.id]));
            await insertProfiles(chunk, idOf, now);
            await audit.record(chunk.map((p) => ({
              actorId: input.actorId,
              action: 'student.import',
              entity: 'student',
              entityId: idOf.get(p.loginId)!,
              after: { row: p.row, loginId: p.loginId, name: p.name, phone: p.phone, parentPhone: p.parentPhone, school: p.school, grade: p.grade, passwordGenerated: p.passwordGenerated },
            })));
          }
        });
      } catch (e) {
        hashing.cancel();
        // Someone registered one of these ids between validation and insert.
        if (isUniqueViolation(e)) throw appError(STUDENT_ERRORS.login_id_taken, '가져오는 동안 같은 아이디가 등록되었습니다. 다시 확인해 주세요', { field: 'file' });
        throw e;
      }
      return { ...report, inserted: prepared.length };
    },
  };
}
