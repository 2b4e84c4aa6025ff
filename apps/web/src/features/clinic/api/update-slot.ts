import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Edits a clinic slot (capacity never under the students already in it). */
export const useUpdateClinicSlot = () => useApiMutation(clinicApi.updateSlot, { invalidates: CLINIC_AREA, errorToast: false });
