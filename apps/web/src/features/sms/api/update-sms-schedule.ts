import { smsApi } from '@academy/contracts/sms';
import { useApiMutation } from '../../../lib/api.ts';

export const useUpdateSmsSchedule = () => useApiMutation(smsApi.updateSchedule, { errorToast: false });
