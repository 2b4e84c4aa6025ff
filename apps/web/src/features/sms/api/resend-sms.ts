import { smsApi } from '@academy/contracts/sms';
import { useApiMutation } from '../../../lib/api.ts';

/** Sends failed messages again (new messages, each pointing to the one it resends). */
export const useResendSms = () => useApiMutation(smsApi.resend);
