import { sql } from 'drizzle-orm';
import { defineResource } from '../../plugins/graphql/registry.ts';
import { userAccounts } from '../users/index.ts';
import { hourlyWageTypes, taProfiles } from './staff.table.ts';

/**
 * `tas` for the TA grid of /crm/admin/tas (admins, read only): the accounts joined with their wage
 * settings. Every change goes through the REST calls (/admin/ta…), which check and audit it.
 */
export const tasResource = defineResource({
  name: 'tas',
  singular: 'ta',
  description: '조교 (삭제된 조교 제외)',
  table: taProfiles,
  idColumn: userAccounts.id,
  from: sql`${userAccounts} left join ${taProfiles} on ${taProfiles.userId} = ${userAccounts.id}`,
  where: sql`${userAccounts.userType} = 'TA' and ${userAccounts.deletedAt} is null`,
  fields: {
    loginId: { type: 'String', column: userAccounts.loginId, sortable: true, filterable: true, description: '아이디' },
    name: { type: 'String', column: userAccounts.name, sortable: true, filterable: true, description: '이름' },
    phone: { type: 'String', column: userAccounts.phone, nullable: true, sortable: true, filterable: true, description: '전화번호 (숫자만)' },
    isActive: { type: 'Boolean', column: userAccounts.isActive, sortable: true, filterable: true, description: '활성 계정' },
    isAdminLevel: { type: 'Boolean', column: userAccounts.isAdminLevel, sortable: true, filterable: true, description: '관리자급 조교 (실장)' },
    paymentType: { type: 'String', column: sql`coalesce(${taProfiles.paymentType}, 'HOURLY')`, sortable: true, filterable: true, description: 'HOURLY 시급 / MONTHLY 월급' },
    hourlyWage: { type: 'Int', column: taProfiles.hourlyWage, nullable: true, sortable: true, filterable: true, description: '본인 시급 (원)' },
    monthlySalary: { type: 'Int', column: taProfiles.monthlySalary, nullable: true, sortable: true, filterable: true, description: '월급 (원)' },
    salaryStartMonth: { type: 'String', column: taProfiles.salaryStartMonth, nullable: true, sortable: true, description: '월급 시작' },
    monthlyWageType: { type: 'String', column: sql`coalesce(${taProfiles.monthlyWageType}, 'BUSINESS')`, sortable: true, filterable: true, description: '원천징수: BUSINESS 3.3% / EMPLOYMENT 근로소득' },
    wageTypeIds: { type: 'String', column: sql`array_to_string(coalesce(${taProfiles.wageTypeIds}, '{}'::int[]), ',')`, description: '고를 수 있는 근무 유형 ID (쉼표로 구분, 비면 전체)' },
    createdAt: { type: 'DateTime', column: userAccounts.createdAt, sortable: true, filterable: true, description: '등록일' },
  },
  operations: { read: 'ADMIN' },
  defaultSort: [{ field: 'name', direction: 'ASC' }],
});

/** `hourlyWageTypes` for /crm/admin/wage-types (admins, read only; writes through REST). */
export const wageTypesResource = defineResource({
  name: 'hourlyWageTypes',
  singular: 'hourlyWageType',
  description: '근무 유형 (시급 유형, 삭제된 유형 제외)',
  table: hourlyWageTypes,
  where: sql`${hourlyWageTypes.deletedAt} is null`,
  fields: {
    name: { type: 'String', column: hourlyWageTypes.name, sortable: true, filterable: true, description: '이름' },
    rate: { type: 'Int', column: hourlyWageTypes.rate, nullable: true, sortable: true, filterable: true, description: '시급 (원). 없으면 조교 본인 시급' },
    isActive: { type: 'Boolean', column: hourlyWageTypes.isActive, sortable: true, filterable: true, description: '출근할 때 고를 수 있음' },
    sortOrder: { type: 'Int', column: hourlyWageTypes.sortOrder, sortable: true, description: '표시 순서' },
    createdAt: { type: 'DateTime', column: hourlyWageTypes.createdAt, sortable: true, filterable: true, description: '만든 시각' },
  },
  operations: { read: 'ADMIN' },
  defaultSort: [{ field: 'sortOrder', direction: 'ASC' }, { field: 'name', direction: 'ASC' }],
});
