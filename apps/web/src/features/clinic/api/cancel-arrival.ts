import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';

/** Takes an arrival back (a wrong student scanned). */
export const useCancelArrival = () => useApiMutation(clinicApi.cancelArrival, { overlay: false });
