import { hasPermission } from '@academy/contracts/roles';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../plugins/auth.ts';
import { defineResource } from '../../plugins/graphql/registry.ts';
import { userAccounts } from '../users/index.ts';
import { expenseClaims, workRecords } from './payroll.table.ts';

/** Admins read every TA's rows; a TA only their own (the same rule as the REST calls). */
const ownRows = (column: typeof workRecords.taId | typeof expenseClaims.taId) => (user: AuthUser) => (hasPermission(user, 'ADMIN') ? null : sql`${column} = ${user.userId}`);

/**
 * `workRecords` for the grids of work records (read only: clocking and corrections go through
 * REST, which checks closed months and audits). Status is as stored; an open record past its work
 * day is flagged 퇴근 누락 by the REST reads and the periodic sweep.
 */
export const workRecordsResource = defineResource({
  name: 'workRecords',
  singular: 'workRecord',
  description: '조교 근무 기록',
  table: workRecords,
  from: sql`${workRecords} join ${userAccounts} on ${userAccounts.id} = ${workRecords.taId}`,
  fields: {
    taId: { type: 'Int', column: workRecords.taId, sortable: true, filterable: true, description: '조교 ID' },
    taName: { type: 'String', column: userAccounts.name, sortable: true, filterable: true, description: '조교 이름' },
    wageTypeId: { type: 'Int', column: workRecords.wageTypeId, filterable: true, description: '근무 유형 ID' },
    workDate: { type: 'String', column: sql`${workRecords.workDate}::text`, sortable: true, filterable: true, description: '근무일 YYYY-MM-DD' },
    startedAt: { type: 'DateTime', column: workRecords.startedAt, sortable: true, filterable: true, description: '출근 시각' },
    endedAt: { type: 'DateTime', column: workRecords.endedAt, nullable: true, sortable: true, filterable: true, description: '퇴근 시각' },
    minutes: { type: 'Int', column: sql`(extract(epoch from (${workRecords.endedAt} - ${workRecords.startedAt})) / 60)::int`, nullable: true, sortable: true, description: '근무 시간(분)' },
    status: { type: 'String', column: workRecords.status, sortable: true, filterable: true, description: 'open 근무 중 / closed 퇴근 / missing_out 퇴근 누락' },
    corrected: { type: 'Boolean', column: workRecords.corrected, sortable: true, filterable: true, description: '관리자가 고친 기록' },
    correctionReason: { type: 'String', column: workRecords.correctionReason, nullable: true, filterable: true, description: '마지막 정정 사유' },
  },
  operations: { read: 'TA' },
  scope: ownRows(workRecords.taId),
  defaultSort: [{ field: 'startedAt', direction: 'DESC' }],
});

/** `expenseClaims` for /crm/admin/expense-claims (read only; approve and reject through REST). */
export const expenseClaimsResource = defineResource({
  name: 'expenseClaims',
  singular: 'expenseClaim',
  description: '경비 청구',
  table: expenseClaims,
  from: sql`${expenseClaims} join ${userAccounts} on ${userAccounts.id} = ${expenseClaims.taId}`,
  fields: {
    taId: { type: 'Int', column: expenseClaims.taId, sortable: true, filterable: true, description: '조교 ID' },
    taName: { type: 'String', column: userAccounts.name, sortable: true, filterable: true, description: '조교 이름' },
    date: { type: 'String', column: sql`${expenseClaims.date}::text`, sortable: true, filterable: true, description: '쓴 날짜 YYYY-MM-DD' },
    amount: { type: 'Int', column: expenseClaims.amount, sortable: true, filterable: true, description: '금액 (원)' },
    memo: { type: 'String', column: expenseClaims.memo, filterable: true, description: '내용' },
    status: { type: 'String', column: expenseClaims.status, sortable: true, filterable: true, description: 'pending 대기 / approved 승인 / rejected 반려' },
    payMonth: { type: 'String', column: expenseClaims.payMonth, nullable: true, sortable: true, filterable: true, description: '지급 월' },
    receiptFileId: { type: 'Int', column: expenseClaims.receiptFileId, nullable: true, description: '영수증 파일 ID' },
    rejectReason: { type: 'String', column: expenseClaims.rejectReason, nullable: true, description: '반려 사유' },
    createdAt: { type: 'DateTime', column: expenseClaims.createdAt, sortable: true, filterable: true, description: '청구한 시각' },
  },
  operations: { read: 'TA' },
  scope: ownRows(expenseClaims.taId),
  defaultSort: [{ field: 'createdAt', direction: 'DESC' }],
});
