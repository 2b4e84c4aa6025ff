import type { PushAlertTemplate, PushAlertTemplateDraft as TemplateDraft } from '@academy/contracts/push-alert-templates';
import { gql } from '@urql/core';
import { dataProvider } from '../../../lib/data-provider.ts';

/**
 * Message templates live only in the GraphQL data layer (SPEC §3): the grid reads them through
 * ResourceGrid, and these are the writes, through refine's data provider.
 */
export type { PushAlertTemplate, TemplateDraft };

export const RESOURCE = 'pushAlertTemplates';
export const TYPE_NAME = 'PushAlertTemplate';
export const FIELDS = ['id', 'title', 'category', 'body', 'isActive', 'createdAt', 'updatedAt'];

const CREATE = gql`
  mutation CreatePushAlertTemplate($input: CreateOnePushAlertTemplateInput!) {
    createOnePushAlertTemplate(input: $input) { id title category body isActive createdAt updatedAt }
  }
`;
const UPDATE = gql`
  mutation UpdatePushAlertTemplate($input: UpdateOnePushAlertTemplateInput!) {
    updateOnePushAlertTemplate(input: $input) { id title category body isActive createdAt updatedAt }
  }
`;
const DELETE = gql`
  mutation DeletePushAlertTemplate($input: DeleteOnePushAlertTemplateInput!) {
    deleteOnePushAlertTemplate(input: $input) { id }
  }
`;
const DELETE_MANY = gql`
  mutation DeletePushAlertTemplates($input: DeleteManyPushAlertTemplatesInput!) {
    deleteManyPushAlertTemplates(input: $input) { deletedCount }
  }
`;

export async function createTemplate(draft: TemplateDraft): Promise<PushAlertTemplate> {
  const r = await dataProvider.create<PushAlertTemplate, TemplateDraft>({ resource: RESOURCE, variables: draft, meta: { gqlMutation: CREATE } });
  return r.data;
}

export async function updateTemplate(id: string, draft: Partial<TemplateDraft>): Promise<PushAlertTemplate> {
  const r = await dataProvider.update<PushAlertTemplate, Partial<TemplateDraft>>({ resource: RESOURCE, id, variables: draft, meta: { gqlMutation: UPDATE } });
  return r.data;
}

export async function deleteTemplate(id: string): Promise<void> {
  await dataProvider.deleteOne({ resource: RESOURCE, id, meta: { gqlMutation: DELETE } });
}

export async function deleteTemplates(ids: string[]): Promise<void> {
  await dataProvider.deleteMany({ resource: RESOURCE, ids, meta: { gqlMutation: DELETE_MANY } });
}
