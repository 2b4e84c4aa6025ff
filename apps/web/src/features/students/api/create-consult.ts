import { studentRecordsApi } from '@academy/contracts/student-records';
import { useApiMutation } from '../../../lib/api.ts';

export const useCreateConsult = () => useApiMutation(studentRecordsApi.createConsult);
