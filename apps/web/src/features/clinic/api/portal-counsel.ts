import { portalCounselApi } from '@academy/contracts/counsel';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The student's counsel page: open counsel slots and their own bookings. */
export const portalCounselQuery = () => apiQuery(portalCounselApi.board);
export const usePortalCounsel = () => useQuery(portalCounselQuery());
