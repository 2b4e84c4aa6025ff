import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Moves a participant to another slot in one step (drag on the board, or the 옮기기 menu). */
export const useMoveParticipant = () => useApiMutation(clinicApi.move, { invalidates: CLINIC_AREA, overlay: false });
