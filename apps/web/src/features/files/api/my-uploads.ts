import { portalFilesApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The student's own homework and self-study uploads (portal). */
export const myUploadsQuery = () => apiQuery(portalFilesApi.uploads, {});
export const useMyUploads = () => useQuery(myUploadsQuery());
