import { boardApi } from '@academy/contracts/board';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** One post; someone else's 비밀글 answers board.secret (the page then asks for its password). */
export const boardPostQuery = (id: number) => apiQuery(boardApi.get, { params: { id } });
export const useBoardPost = (id: number, enabled = true) => useQuery({ ...boardPostQuery(id), enabled, retry: false });
