import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Staff put students in a slot (all or none). */
export const useAddParticipants = () => useApiMutation(clinicApi.addParticipants, { invalidates: CLINIC_AREA, errorToast: false });
