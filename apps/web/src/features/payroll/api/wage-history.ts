import { taApi } from '@academy/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** A TA's own hourly rate by 적용 시작일, newest first. */
export const useWageHistory = (id: number) => useQuery(apiQuery(taApi.wageHistory, { params: { id } }));
