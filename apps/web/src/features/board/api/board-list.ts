import { boardApi } from '@academy/contracts/board';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

export type BoardListQuery = { page: number; size?: number; q?: string; status?: 'answered' | 'unanswered' };

/** A page of the board: pinned notices (first page), posts newest first, the total. */
export const boardListQuery = (query: BoardListQuery) => apiQuery(boardApi.list, { query });
export const useBoardList = (query: BoardListQuery) => useQuery({ ...boardListQuery(query), placeholderData: keepPreviousData });
