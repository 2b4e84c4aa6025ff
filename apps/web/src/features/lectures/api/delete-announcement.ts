import { weeklyLecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { PORTAL } from './tags.ts';

export const useDeleteAnnouncement = () => useApiMutation(weeklyLecturesApi.deleteAnnouncement, { invalidates: PORTAL });
