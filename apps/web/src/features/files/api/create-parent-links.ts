import { parentLinksApi } from '@academy/contracts/files';
import { useApiMutation } from '../../../lib/api.ts';

/** Makes parent links (one per student, or one without a student), texted to parents or to copy. The dialog shows a refusal itself. */
export const useCreateParentLinks = () => useApiMutation(parentLinksApi.create, { errorToast: false });
