import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Takes a student out of a slot; a booked score returns to 클리닉대상. */
export const useRemoveParticipant = () => useApiMutation(clinicApi.removeParticipant, { invalidates: CLINIC_AREA });
