import { smsApi } from '@academy/contracts/sms';
import { useApiMutation } from '../../../lib/api.ts';

/** The schedule dialog shows a refusal on its fields. */
export const useCreateSmsSchedule = () => useApiMutation(smsApi.createSchedule, { errorToast: false });
