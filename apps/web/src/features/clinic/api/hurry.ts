import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';

/** The hurry SMS to a student who has not arrived. */
export const useHurry = () => useApiMutation(clinicApi.hurry, { overlay: false });
