import { smsApi } from '@academy/contracts/sms';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** One message with every attempt and delivery report. */
export const smsMessageQuery = (id: number) => apiQuery(smsApi.message, { params: { id } });
export const useSmsMessage = (id: number | null) => useQuery({ ...smsMessageQuery(id ?? 0), enabled: id !== null });
