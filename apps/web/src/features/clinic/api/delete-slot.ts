import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Deletes an empty clinic slot. */
export const useDeleteClinicSlot = () => useApiMutation(clinicApi.deleteSlot, { invalidates: CLINIC_AREA });
