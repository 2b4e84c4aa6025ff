import { payrollApi } from '@academy/contracts/payroll';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The month's payroll: every TA's line (the snapshot once the month is closed). */
export const payrollInfoQuery = (month: string) => apiQuery(payrollApi.info, { query: { month } });
export const usePayrollInfo = (month: string) => useQuery({ ...payrollInfoQuery(month), placeholderData: keepPreviousData });
