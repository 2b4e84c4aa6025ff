import { portalExamsApi } from '@academy/contracts/exams';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The student's released results, newest first. */
export const useMyScores = () => useQuery(apiQuery(portalExamsApi.results));
