import { portalClinicApi } from '@academy/contracts/clinic';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The student's clinic page: targets, bookings, open slots with seats left (live), the notice. */
export const portalClinicQuery = () => apiQuery(portalClinicApi.board);
export const usePortalClinic = () => useQuery(portalClinicQuery());
