import { counselApi } from '@academy/contracts/counsel';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Deletes an empty counsel slot. */
export const useDeleteCounselSlot = () => useApiMutation(counselApi.deleteSlot, { invalidates: CLINIC_AREA });
