import { counselApi } from '@academy/contracts/counsel';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Staff book a student into a counsel slot. */
export const useAddCounselParticipant = () => useApiMutation(counselApi.addParticipant, { invalidates: CLINIC_AREA, errorToast: false });
