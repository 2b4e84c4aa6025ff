import { parentWeekApi } from '@academy/contracts/parent-week';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** A parent's week from a link token (no session), this week or one of the four before. */
export const weekViewQuery = (token: string, week: string | undefined) => apiQuery(parentWeekApi.view, { params: { token }, query: { week } });
export const useWeekView = (token: string, week: string | undefined, enabled: boolean) =>
  useQuery({ ...weekViewQuery(token, week), enabled, retry: false, placeholderData: keepPreviousData });
