import type { Tag } from '@academy/contracts/students';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http.ts';

export type { Tag };

export const tagKeys = { all: ['tags'] as const };

export const tagsQuery = () => queryOptions({ queryKey: tagKeys.all, queryFn: ({ signal }) => api.get<Tag[]>('/tags', { signal }) });

export const createTag = (body: { name: string; color: string }) => api.post<Tag>('/tags', body);
export const updateTag = (id: number, body: { name?: string; color?: string }) => api.put<Tag>(`/tags/${id}`, body);
export const deleteTag = (id: number) => api.delete<{ id: number }>(`/tags/${id}`);
export const reorderTags = (tagIds: number[]) => api.put<Tag[]>('/tags/update-tag-priority', { tagIds }, { overlay: false });
export const addTagsToUsers = (body: { tagIds: number[]; userIds: number[] }) => api.post<{ addedCount: number }>('/tags/add-to-users', body);
export const removeTagsFromUsers = (body: { tagIds: number[]; userIds: number[] }) => api.post<{ removedCount: number }>('/tags/remove-from-users', body);

/** Colours offered when making a tag; any #RRGGBB is accepted. */
export const TAG_COLORS = ['#2e7d32', '#1565c0', '#f9a825', '#c62828', '#6d4c41', '#6a1b9a', '#00838f', '#ef6c00', '#546e7a', '#ad1457'];
