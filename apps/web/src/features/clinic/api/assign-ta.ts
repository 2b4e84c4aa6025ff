import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Assigns (or clears) a slot's TA. */
export const useAssignTa = () => useApiMutation(clinicApi.assignTa, { invalidates: CLINIC_AREA, overlay: false });
