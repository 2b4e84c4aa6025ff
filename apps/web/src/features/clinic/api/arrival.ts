import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';

/**
 * Arrival on the board. Like every mark it shows no overlay (the card changes) and refreshes
 * nothing: its live event patches every open board, this one included.
 */
export const useArrival = () => useApiMutation(clinicApi.arrival, { overlay: false });
