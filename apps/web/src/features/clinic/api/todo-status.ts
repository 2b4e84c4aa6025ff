import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';

/** A participant's todo list (재시험, 오답정리, 과제 확인); the board updates from the live event. */
export const useSetTodos = () => useApiMutation(clinicApi.todoStatus, { overlay: false });
