import { portalLecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The student's sessions between two dates (the portal home: this week, Monday to Sunday). */
export const mySessionsBetweenQuery = (from: string, to: string) => apiQuery(portalLecturesApi.sessions, { query: { from, to } });
export const useMySessionsBetween = (from: string, to: string) => useQuery(mySessionsBetweenQuery(from, to));
