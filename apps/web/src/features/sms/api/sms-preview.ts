import { smsApi, type ComposeBody } from '@academy/contracts/sms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** What a send would do (the first three texts, bytes, count, cost, who is left out, why it cannot go yet). */
export const smsPreviewQuery = (body: ComposeBody) => apiQuery(smsApi.preview, { body });
/** `body` null while there is nothing to preview yet. The last preview stays on screen while the next loads. */
export const useSmsPreview = (body: ComposeBody | null) =>
  useQuery({ ...smsPreviewQuery(body ?? { body: '' }), enabled: body !== null, placeholderData: keepPreviousData, retry: false });
