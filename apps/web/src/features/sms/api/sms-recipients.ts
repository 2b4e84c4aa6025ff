import { smsApi } from '@academy/contracts/sms';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Students to text, with their phones: a lecture's roster, or the students chosen on the students grid. */
export const smsRecipientsQuery = (query: { lectureId?: number; ids?: string }) => apiQuery(smsApi.recipients, { query });
export const useSmsRecipients = (query: { lectureId?: number; ids?: string } | null) => useQuery({ ...smsRecipientsQuery(query ?? {}), enabled: query !== null });
