import { smsApi } from '@academy/contracts/sms';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

export const smsSchedulesQuery = () => apiQuery(smsApi.schedules);
export const useSmsSchedules = () => useQuery(smsSchedulesQuery());
