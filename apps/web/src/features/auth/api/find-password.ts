import { authApi } from '@academy/contracts/auth';
import { useApiMutation } from '../../../lib/api.ts';

/** Asks for a reset link by text; the answer is the same whether the account exists or not. The page shows errors itself. */
export const useFindPassword = () => useApiMutation(authApi.findPassword, { errorToast: false });
