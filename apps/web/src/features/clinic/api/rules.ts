import { clinicApi } from '@academy/contracts/clinic';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The center's booking rule. */
export const useBookingRules = () => useQuery(apiQuery(clinicApi.rules));
