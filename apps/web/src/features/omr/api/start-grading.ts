import { omrApi } from '@academy/contracts/omr';
import { useApiMutation } from '../../../lib/api.ts';
import { OMR_AREA } from './tags.ts';

/** Starts reading uploaded scans and photos (progress arrives on the lecture's realtime topic). */
export const useStartGrading = () => useApiMutation(omrApi.start, { invalidates: OMR_AREA });
