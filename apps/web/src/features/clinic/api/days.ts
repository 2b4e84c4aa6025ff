import { clinicApi } from '@academy/contracts/clinic';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Day memos and day windows over a range (the week view's day headers). */
export const useClinicDays = (startDate: string, endDate: string) => useQuery(apiQuery(clinicApi.days, { query: { startDate, endDate } }));
