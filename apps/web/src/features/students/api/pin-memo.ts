import { studentRecordsApi } from '@academy/contracts/student-records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { memosQuery } from './memos.ts';

/**
 * Pins or unpins a memo without the loading overlay (a quick toggle); the reply is the whole list
 * in its new order, which replaces the cached one.
 */
export function usePinMemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { studentId: number; memoId: number; pinned: boolean }) =>
      call(studentRecordsApi.pinMemo, { params: { id: a.studentId, memoId: a.memoId }, body: { pinned: a.pinned } }, { overlay: false }),
    onSuccess: (list, a) => client.setQueryData(memosQuery(a.studentId).queryKey, list),
  });
}
