import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';

/**
 * Arrival on the board. The live event of each mark patches every open board (this one included),
 * so they refresh nothing themselves.
 */
export const useArrival = () => useApiMutation(clinicApi.arrival);
