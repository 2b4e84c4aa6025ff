import { systemApi } from '@academy/contracts/system';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** A page of the client error log, newest first (admins). */
export const errorLogsQuery = (page: number, size: number) => apiQuery(systemApi.errorLogs, { query: { page, size } });
export const useErrorLogs = (page: number, size: number) => useQuery({ ...errorLogsQuery(page, size), placeholderData: keepPreviousData });
