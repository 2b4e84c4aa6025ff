import { smsApi } from '@academy/contracts/sms';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The center's SMS settings with the driver, prices and the templates a sender may pick. */
export const smsSettingsQuery = () => apiQuery(smsApi.settings);
export const useSmsSettings = () => useQuery(smsSettingsQuery());
