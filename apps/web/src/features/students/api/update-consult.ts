import { studentRecordsApi } from '@academy/contracts/student-records';
import { useApiMutation } from '../../../lib/api.ts';

export const useUpdateConsult = () => useApiMutation(studentRecordsApi.updateConsult);
