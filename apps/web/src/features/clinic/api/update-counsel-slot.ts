import { counselApi } from '@academy/contracts/counsel';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Edits a counsel slot. */
export const useUpdateCounselSlot = () => useApiMutation(counselApi.updateSlot, { invalidates: CLINIC_AREA, errorToast: false });
