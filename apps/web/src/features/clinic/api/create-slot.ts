import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** A new clinic slot; the form shows a refusal on its fields. */
export const useCreateClinicSlot = () => useApiMutation(clinicApi.createSlot, { invalidates: CLINIC_AREA, errorToast: false });
