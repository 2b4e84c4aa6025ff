import { tagsApi } from '@academy/contracts/tags';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Every tag in display order, with how many live students carry it. */
export const tagListQuery = () => apiQuery(tagsApi.list);
export const useTagList = () => useQuery(tagListQuery());
