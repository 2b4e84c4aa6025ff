import { authApi } from '@academy/contracts/auth';
import { useApiMutation } from '../../../lib/api.ts';

/** A TA (or admin) changes their own password with the current one; the dialog shows errors itself. */
export const useChangeOwnPassword = () => useApiMutation(authApi.changeSupervisorPassword, { errorToast: false });
