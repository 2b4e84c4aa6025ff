import { payrollApi } from '@academy/contracts/payroll';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Every TA's records of a period (the admin calendar). */
export const workRecordsQuery = (q: { from: string; to: string; taId?: number }) => apiQuery(payrollApi.records, { query: q });
export const useWorkRecords = (q: { from: string; to: string; taId?: number }) => useQuery({ ...workRecordsQuery(q), placeholderData: keepPreviousData });
