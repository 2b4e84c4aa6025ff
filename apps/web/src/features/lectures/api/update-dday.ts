import { lecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { PORTAL } from './tags.ts';

export const useUpdateDday = () => useApiMutation(lecturesApi.updateDday, { invalidates: PORTAL, errorToast: false });
