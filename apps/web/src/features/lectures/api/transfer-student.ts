import { lecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

/** 반 이동 from the next session on. */
export const useTransferStudent = () => useApiMutation(lecturesApi.classTransfer, { invalidates: LECTURE_AREA, errorToast: false });
