import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';

/** Departure (하원), after an arrival. */
export const useDeparture = () => useApiMutation(clinicApi.departure, { overlay: false });
