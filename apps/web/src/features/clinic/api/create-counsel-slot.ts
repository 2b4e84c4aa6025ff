import { counselApi } from '@academy/contracts/counsel';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** A new counsel slot. */
export const useCreateCounselSlot = () => useApiMutation(counselApi.createSlot, { invalidates: CLINIC_AREA, errorToast: false });
