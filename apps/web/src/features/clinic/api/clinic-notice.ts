import { noticesApi } from '@academy/contracts/notices';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The clinic notice students read where they book. */
export const useClinicNotice = () => useQuery(apiQuery(noticesApi.clinic));
