import { workApi } from '@academy/contracts/payroll';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The signed-in TA's pay of a month (so far, when the month is open). */
export const myPayQuery = (month: string) => apiQuery(workApi.myPay, { query: { month } });
export const useMyPay = (month: string) => useQuery(myPayQuery(month));
