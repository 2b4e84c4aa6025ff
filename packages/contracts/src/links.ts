/** Public links (opened from an SMS without an account): making them, and the answers they can give. */
import { errorCodes } from './errors.ts';

export const PUBLIC_LINK_ERRORS = errorCodes('links', {
  /** A malformed, unknown or foreign token, or a subject that is gone: nothing said about any other token. */
  not_found: 404,
  expired: 410,
  revoked: 410,
  students_required: 400,
  student_invalid: 400,
  parent_phone_missing: 400,
});
