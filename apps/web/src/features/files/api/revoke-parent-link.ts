import { parentLinksApi } from '@academy/contracts/files';
import { useApiMutation } from '../../../lib/api.ts';

/** Revokes a parent link at once. */
export const useRevokeParentLink = () => useApiMutation(parentLinksApi.revoke);
