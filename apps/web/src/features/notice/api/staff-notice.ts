import { noticesApi } from '@academy/contracts/notices';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The staff notice every TA reads first. */
export const staffNoticeQuery = () => apiQuery(noticesApi.staff);
export const useStaffNotice = () => useQuery(staffNoticeQuery());
