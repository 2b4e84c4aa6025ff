import { payrollApi } from '@academy/contracts/payroll';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

export const customWagesQuery = (month: string) => apiQuery(payrollApi.customWages, { query: { month } });
export const useCustomWages = (month: string) => useQuery(customWagesQuery(month));
