import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Admins change the center's booking rule. */
export const useSetBookingRules = () => useApiMutation(clinicApi.setRules, { invalidates: CLINIC_AREA, errorToast: false });
