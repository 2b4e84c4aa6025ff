import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';

/** A participant's memo on the board. */
export const useSetParticipantMemo = () => useApiMutation(clinicApi.memo, { errorToast: false, overlay: false });
