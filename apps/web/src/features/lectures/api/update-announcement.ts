import { weeklyLecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { PORTAL } from './tags.ts';

export const useUpdateAnnouncement = () => useApiMutation(weeklyLecturesApi.updateAnnouncement, { invalidates: PORTAL });
