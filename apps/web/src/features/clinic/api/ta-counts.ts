import { clinicApi } from '@academy/contracts/clinic';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Every TA with their slots, seats, students, arrivals and grades over a range (also the TA picker's list). */
export const useTaCounts = (startDate: string, endDate: string) => useQuery(apiQuery(clinicApi.taCounts, { query: { startDate, endDate } }));
