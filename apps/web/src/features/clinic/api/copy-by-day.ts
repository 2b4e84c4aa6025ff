import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Copies a day's slots to other days or following weeks (existing ones are skipped). */
export const useCopyByDay = () => useApiMutation(clinicApi.copyByDay, { invalidates: CLINIC_AREA, errorToast: false });
