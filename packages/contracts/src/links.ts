/** Public links (opened from an SMS without an account): making them, and the answers they can give. */
import { z } from 'zod';
import { errorCodes } from './errors.ts';

/**
 * The longest a public link lives, whatever its purpose (a parent's file, score report or week;
 * issue 34 item 15): every form and schema that sets a link's days takes it from here, and the
 * links mechanism refuses to make a longer one (docs/SECURITY.md).
 */
export const PUBLIC_LINK_MAX_DAYS = 30;

/** How many days a new link lives: 1 … PUBLIC_LINK_MAX_DAYS. */
export const linkDaysSchema = z
  .number()
  .int('일 수는 정수로 입력해 주세요')
  .min(1, '1일 이상이어야 합니다')
  .max(PUBLIC_LINK_MAX_DAYS, `${PUBLIC_LINK_MAX_DAYS}일 이하여야 합니다 (링크는 최대 ${PUBLIC_LINK_MAX_DAYS}일까지 열립니다)`);

export const PUBLIC_LINK_ERRORS = errorCodes('links', {
  /** A malformed, unknown or foreign token, or a subject that is gone: nothing said about any other token. */
  not_found: 404,
  expired: 410,
  revoked: 410,
  students_required: 400,
  student_invalid: 400,
  parent_phone_missing: 400,
});
