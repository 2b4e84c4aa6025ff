import { authApi } from '@academy/contracts/auth';
import { useApiMutation } from '../../../lib/api.ts';

/** Anyone signed in changes their own password (the portal's page); the form shows errors on its fields. */
export const useChangeOwnPasswordSp = () => useApiMutation(authApi.changeOwnPassword, { errorToast: false });
