import { STUDENT_ERRORS, type ImportReply } from '@academy/contracts/students';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { appError } from '../../lib/errors.ts';
import type { StudentsDeps } from './students.deps.ts';
import { readImportRows, validateImportRows } from './students.excel.ts';
import { hashMany } from './students.passwords.ts';
import { searchColumns } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;

/**
 * Excel import: every row is validated first; with dryRun, or with any error, nothing is
 * written and the report says why per row. Otherwise all rows land in one transaction.
 */
export function createImportService({ ctx, users }: StudentsDeps) {
  const { db, audit } = ctx;

  return {
    async importStudents(input: { buffer: Buffer; dryRun: boolean; actorId: number }): Promise<ImportReply> {
      const rows = await readImportRows(input.buffer);
      const takenLoginIds = await users.takenLoginIds(rows.map((r) => r['아이디'].trim()).filter(Boolean));
      const { errors, prepared, preview } = validateImportRows({ rows, takenLoginIds });
      const report = { dryRun: input.dryRun, total: rows.length, valid: prepared.length, inserted: 0, errors, rows: preview };
      if (input.dryRun || errors.length > 0) return report;

      const hashes = await hashMany(prepared.map((p) => ({ password: p.password, initial: p.passwordGenerated })));
      const now = ctx.now();
      try {
        await db.transaction(async () => {
          for (let start = 0; start < prepared.length; start += INSERT_CHUNK) {
            const chunk = prepared.slice(start, start + INSERT_CHUNK);
            const inserted = await users.createAccounts(
              chunk.map((p, i) => ({ loginId: p.loginId, passwordHash: hashes[start + i]!, passwordInitial: p.passwordGenerated, userType: 'STUDENT' as const, name: p.name, phone: p.phone, createdBy: input.actorId })),
            );
            const idOf = new Map(inserted.map((u) => [u.loginId, u.id]));
            await db.insert(studentProfiles).values(chunk.map((p) => ({
              userId: idOf.get(p.loginId)!,
              parentPhone: p.parentPhone,
              school: p.school,
              grade: p.grade,
              memo: p.memo,
              ...searchColumns(p),
              createdAt: now,
              updatedAt: now,
            })));
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
        // Someone registered one of these ids between validation and insert.
        if (isUniqueViolation(e)) throw appError(STUDENT_ERRORS.login_id_taken, '가져오는 동안 같은 아이디가 등록되었습니다. 다시 확인해 주세요', { field: 'file' });
        throw e;
      }
      return { ...report, inserted: prepared.length };
    },
  };
}
