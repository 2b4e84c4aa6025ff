import { videosApi } from '@academy/contracts/videos';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** One student's videos in every session they take part in, with what they watched. */
export const studentVideosQuery = (studentId: number) => apiQuery(videosApi.student, { params: { id: studentId } });
export const useStudentVideos = (studentId: number) => useQuery(studentVideosQuery(studentId));
