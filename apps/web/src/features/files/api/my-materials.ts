import { portalFilesApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The materials the student may open now, per lecture and week, with whether they opened each (portal). */
export const myMaterialsQuery = () => apiQuery(portalFilesApi.materials, {});
export const useMyMaterials = () => useQuery(myMaterialsQuery());
