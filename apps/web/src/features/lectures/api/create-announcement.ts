import { weeklyLecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { PORTAL } from './tags.ts';

export const useCreateAnnouncement = () => useApiMutation(weeklyLecturesApi.createAnnouncement, { invalidates: PORTAL });
