import type { ErrorSpec } from '@academy/contracts/errors';
import { fieldMessage } from '@academy/contracts/field-labels';

/**
 * Errors are values with a stable code, an HTTP status and a Korean message (ARCHITECTURE style
 * rule 3). Codes and statuses are declared per area in `@academy/contracts` (`LECTURE_ERRORS` …);
 * services throw `appError(SPEC, message)` and the error plugin answers `{code, message}`.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: unknown;
  /** The request field the error is about (`name`, `schedule.1.startTime`): forms show it there. */
  readonly field?: string;
  /** The message without the field's name, for the form to show beside that field. */
  readonly fieldText?: string;

  constructor(opts: { code: string; status: number; message: string; details?: unknown; field?: string; fieldText?: string }) {
    super(opts.message);
    this.code = opts.code;
    this.status = opts.status;
    this.details = opts.details;
    this.field = opts.field;
    this.fieldText = opts.fieldText;
  }
}

/**
 * The error of a declared code. Name the field when the error is about one input: the message
 * then starts with the field's Korean name ("사유: …", never the key) and a form marks that field.
 */
export function appError(spec: ErrorSpec, message: string, opts: { field?: string; details?: unknown } = {}): AppError {
  return new AppError({
    code: spec.code,
    status: spec.status,
    message: fieldMessage(opts.field, message),
    details: opts.details,
    field: opts.field,
    fieldText: opts.field ? message : undefined,
  });
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new AppError({ code, status: 400, message, details });
export const unauthorized = (code: string, message: string) => new AppError({ code, status: 401, message });
export const forbidden = (code = 'auth.forbidden', message = '이 작업을 할 권한이 없습니다') =>
  new AppError({ code, status: 403, message });
export const notFound = (code: string, message: string) => new AppError({ code, status: 404, message });
export const conflict = (code: string, message: string, details?: unknown) =>
  new AppError({ code, status: 409, message, details });
export const tooMany = (code: string, message: string) => new AppError({ code, status: 429, message });

/**
 * The safety net for input that got past validation: PostgreSQL's data exceptions (SQLSTATE class
 * 22: a value out of range, a bad date, an invalid escape …) and 42804 (a value of the wrong type)
 * are the client's input, so they answer 400 instead of 500. Drizzle wraps the driver's error in
 * `cause`; both pg and PGlite carry `code`.
 */
export const DATA_ERROR_MESSAGE = '입력값이 올바르지 않습니다 (범위나 형식을 확인해 주세요)';

export function dataErrorOf(err: unknown): AppError | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^22[0-9A-Z]{3}$/.test(code) || code === '42804') {
      return new AppError({ code: 'validation.invalid', status: 400, message: DATA_ERROR_MESSAGE });
    }
  }
  return null;
}
