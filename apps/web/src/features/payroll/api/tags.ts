/**
 * Query-key roots a pay write refreshes: the TA's own work, the admin's payroll and TA lists
 * (REST tags), and the GraphQL grids (TAs, wage types, records, claims) under `gql`.
 */
export const PAY_AREA = ['work', 'payroll', 'staff', 'gql'] as const;
