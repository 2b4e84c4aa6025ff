import { smsApi } from '@academy/contracts/sms';
import { useApiMutation } from '../../../lib/api.ts';

export const useUpdateSmsSettings = () => useApiMutation(smsApi.updateSettings);
