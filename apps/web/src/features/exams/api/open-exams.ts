import { portalExamsApi } from '@academy/contracts/exams';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Exams the student may answer online now. */
export const useOpenExams = () => useQuery(apiQuery(portalExamsApi.open));
