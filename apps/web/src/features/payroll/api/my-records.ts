import { workApi } from '@academy/contracts/payroll';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The signed-in TA's records of a month. */
export const myRecordsQuery = (month: string) => apiQuery(workApi.myRecords, { query: { month } });
export const useMyRecords = (month: string) => useQuery(myRecordsQuery(month));
