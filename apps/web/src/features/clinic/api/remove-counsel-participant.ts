import { counselApi } from '@academy/contracts/counsel';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** Staff cancel a counsel booking. */
export const useRemoveCounselParticipant = () => useApiMutation(counselApi.removeParticipant, { invalidates: CLINIC_AREA });
