import type { ImportReply } from '@academy/contracts/students';
import type { AppContext } from '../../context.ts';
import { legacyQuery } from '../../db/legacy-query.ts';
import { conflict } from '../../lib/errors.ts';
import { recordAudit } from '../../lib/audit/audit.ts';
import { users } from '../users/users.table.ts';
import { readImportRows, validateImportRows } from './students.excel.ts';
import { searchColumns } from './students.search.ts';
import { hashMany, isUniqueViolation } from './students.service.ts';
import { studentProfiles } from './students.table.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;

/**
 * Excel import: every row is validated first; with dryRun, or with any error, nothing is
 * written and the report says why per row. Otherwise all rows land in one transaction.
 */
export async function importStudents(ctx: AppContext, input: { buffer: Buffer; dryRun: boolean; actorId: number }): Promise<ImportReply> {
  const rows = await readImportRows(input.buffer);
  const loginIds = rows.map((r) => r['아이디'].trim().toLowerCase()).filter(Boolean);
  const taken = await legacyQuery<{ login_id: string }>(ctx.db, 
    'select lower(login_id) as login_id from users where lower(login_id) = any($1::text[])',
    [loginIds],
  );
  const { errors, prepared, preview } = validateImportRows({ rows, takenLoginIds: new Set(taken.map((t) => t.login_id)) });
  const report = { dryRun: input.dryRun, total: rows.length, valid: prepared.length, inserted: 0, errors, rows: preview };
  if (input.dryRun || errors.length > 0) return report;

  const hashes = await hashMany(prepared.map((p) => ({ password: p.password, initial: p.passwordGenerated })));
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      for (let start = 0; start < prepared.length; start += INSERT_CHUNK) {
        const chunk = prepared.slice(start, start + INSERT_CHUNK);
        const inserted = await tx
          .insert(users)
          .values(chunk.map((p, i) => ({
            loginId: p.loginId,
            passwordHash: hashes[start + i]!,
            userType: 'STUDENT' as const,
            name: p.name,
            phone: p.phone,
            createdBy: input.actorId,
            createdAt: now,
            updatedAt: now,
          })))
          .returning({ id: users.id, loginId: users.loginId });
        const idOf = new Map(inserted.map((u) => [u.loginId, u.id]));
        await tx.insert(studentProfiles).values(chunk.map((p) => ({
          userId: idOf.get(p.loginId)!,
          parentPhone: p.parentPhone,
          school: p.school,
          grade: p.grade,
          memo: p.memo,
          ...searchColumns(p),
          createdAt: now,
          updatedAt: now,
        })));
        await recordAudit(tx, chunk.map((p) => ({
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
    if (isUniqueViolation(e)) throw conflict('students.login_id_taken', 'file: 가져오는 동안 같은 아이디가 등록되었습니다. 다시 확인해 주세요');
    throw e;
  }
  return { ...report, inserted: prepared.length };
}
