import { workApi } from '@academy/contracts/payroll';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The TA's clock: the open record, 퇴근 누락 records and the wage types they may clock in with. */
export const workStatusQuery = () => apiQuery(workApi.status);
export const useWorkStatus = (enabled: boolean) => useQuery({ ...workStatusQuery(), enabled });
