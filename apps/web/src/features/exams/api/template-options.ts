import type { ExamTemplateRow } from '@academy/contracts/exams';
import { gql } from '@urql/core';
import { useQuery } from '@tanstack/react-query';
import { getList, gqlKeys } from '../../../lib/data-provider.ts';

export type TemplateOption = Pick<ExamTemplateRow, 'id' | 'title' | 'subject' | 'questionCount' | 'maxScore'>;

const QUERY = gql`
  query ExamTemplateOptions($filter: ExamTemplateFilter!, $sorting: [ExamTemplateSort!]!, $paging: OffsetPaging!) {
    examTemplates(filter: $filter, sorting: $sorting, paging: $paging) { nodes { id title subject questionCount maxScore } totalCount }
  }
`;

/** Templates to pick from when making an exam (title search, newest first, 30 at a time). */
export function useTemplateOptions(search: string) {
  const filters = search.trim() ? [{ field: 'title', operator: 'contains' as const, value: search.trim() }] : [];
  const sorters = [{ field: 'updatedAt', order: 'desc' as const }];
  const pagination = { currentPage: 1, pageSize: 30 };
  return useQuery({
    queryKey: [...gqlKeys.list({ resource: 'examTemplates', filters, sorters, pagination }), 'options'],
    queryFn: () => getList<TemplateOption>({ resource: 'examTemplates', query: QUERY, filters, sorters, pagination }),
  });
}
