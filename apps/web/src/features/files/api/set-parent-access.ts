import { filesApi } from '@academy/contracts/files';
import { useApiMutation } from '../../../lib/api.ts';

/** Lets parents get a file through parent links, or closes every link of it at once. */
export const useSetParentAccess = () => useApiMutation(filesApi.setParentAccess);
