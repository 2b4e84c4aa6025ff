import { authApi } from '@academy/contracts/auth';
import type { CallInput } from '@academy/contracts/endpoint';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';

/**
 * Sets a new password through a reset link; the page shows errors itself. Nothing is refreshed
 * afterwards: the link is used up, and the page says the password was changed.
 */
export const useResetPassword = () =>
  useMutation({ mutationFn: (input: CallInput<typeof authApi.resetPassword>) => call(authApi.resetPassword, input), meta: { errorToast: false } });
