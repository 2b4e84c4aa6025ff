import { counselApi } from '@academy/contracts/counsel';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Counsel slots with their bookings and notes over a range (the staff's counsel page). */
export const counselDailyQuery = (startDate: string, endDate: string) => apiQuery(counselApi.daily, { query: { startDate, endDate } });
export const useCounselDaily = (startDate: string, endDate: string) => useQuery(counselDailyQuery(startDate, endDate));
