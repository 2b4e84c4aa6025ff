import { clinicApi } from '@academy/contracts/clinic';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The clinic slots of a range of days (the week view). */
export const clinicSlotsQuery = (startDate: string, endDate: string) => apiQuery(clinicApi.slots, { query: { startDate, endDate } });
export const useClinicSlots = (startDate: string, endDate: string) => useQuery(clinicSlotsQuery(startDate, endDate));
