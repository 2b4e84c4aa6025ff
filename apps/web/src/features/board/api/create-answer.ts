import { boardApi } from '@academy/contracts/board';
import { useApiMutation } from '../../../lib/api.ts';

/** An answer; with `notifySms` the writer is texted (the SMS history shows it). */
export const useCreateAnswer = () => useApiMutation(boardApi.createAnswer, { invalidates: ['sms'] });
