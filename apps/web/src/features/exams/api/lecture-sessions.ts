import { lecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The sessions of another lecture (the copy and link dialogs pick from them). */
export const useLectureSessions = (lectureId: number | null) => useQuery({ ...apiQuery(lecturesApi.get, { params: { id: lectureId ?? 0 } }), enabled: lectureId !== null, select: (l) => l.weeklyLectures });
