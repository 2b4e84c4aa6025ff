import { portalLecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The student's sessions of the next two weeks (portal). */
export const mySessionsQuery = () => apiQuery(portalLecturesApi.sessions, {});
export const useMySessions = () => useQuery(mySessionsQuery());
