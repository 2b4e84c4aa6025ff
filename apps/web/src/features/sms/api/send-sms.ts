import { smsApi } from '@academy/contracts/sms';
import { useApiMutation } from '../../../lib/api.ts';

/** Sends a composed text (now or at its time); the composer shows a refusal itself. */
export const useSendSms = () => useApiMutation(smsApi.send, { errorToast: false });
