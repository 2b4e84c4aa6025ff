import { weeklyLecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** One session: its participants with attendance, and its announcements. */
export const weeklyLectureQuery = (lectureId: number, wlId: number) => apiQuery(weeklyLecturesApi.get, { params: { id: lectureId, wlId } });
export const useWeeklyLecture = (lectureId: number, wlId: number) => useQuery(weeklyLectureQuery(lectureId, wlId));
