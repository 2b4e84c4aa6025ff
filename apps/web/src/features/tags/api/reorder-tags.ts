import type { Tag } from '@academy/contracts/tags';
import { tagsApi } from '@academy/contracts/tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';
import { STUDENT_ROWS } from './refreshes.ts';
import { tagListQuery } from './tag-list.ts';

/**
 * Saves the whole display order in one call, without the loading overlay: the list shows the new
 * order at once and rolls back if the server refuses (the app-wide handler shows why).
 */
export function useReorderTags() {
  const client = useQueryClient();
  const key = tagListQuery().queryKey;
  return useMutation({
    mutationFn: (tagIds: number[]) => call(tagsApi.reorder, { body: { tagIds } }, { overlay: false }),
    onMutate: (ids) => {
      const before = client.getQueryData<Tag[]>(key);
      if (before) client.setQueryData(key, ids.map((id, i) => ({ ...before.find((t) => t.id === id)!, priority: i })));
      return { before };
    },
    onError: (_e, _ids, ctx) => {
      if (ctx?.before) client.setQueryData(key, ctx.before);
    },
    onSuccess: async (list) => {
      client.setQueryData(key, list);
      await Promise.all(STUDENT_ROWS.map((tag) => client.invalidateQueries({ queryKey: [tag] })));
    },
  });
}
