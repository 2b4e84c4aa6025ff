import { portalLecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Announcements of the student's sessions, newest first (portal). */
export const myAnnouncementsQuery = () => apiQuery(portalLecturesApi.announcements);
export const useMyAnnouncements = () => useQuery(myAnnouncementsQuery());
