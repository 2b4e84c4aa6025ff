/** Public links (opened from an SMS without an account): the answers they can give. */
import { errorCodes } from './errors.ts';

export const PUBLIC_LINK_ERRORS = errorCodes('links', { not_found: 404, expired: 410, revoked: 410 });
