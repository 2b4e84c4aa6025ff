import { clinicApi, type ReserveType } from '@academy/contracts/clinic';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The day's board: slots × participants (live events patch this cache). */
export const dailyStatusQuery = (date: string, reserveType?: ReserveType) =>
  apiQuery(clinicApi.dailyStatus, { query: { startDate: date, endDate: date, ...(reserveType ? { reserveType } : {}) } });
export const useDailyStatus = (date: string, reserveType?: ReserveType) => useQuery(dailyStatusQuery(date, reserveType));
