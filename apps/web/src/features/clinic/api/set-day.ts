import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** The day's memo and its own booking window. */
export const useSetDay = () => useApiMutation(clinicApi.setDay, { invalidates: CLINIC_AREA, errorToast: false });
