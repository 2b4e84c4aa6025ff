/**
 * Errors are values with a stable code, an HTTP status and a Korean message (ARCHITECTURE style
 * rule 3). Services throw them; the error plugin turns them into `{code, message}`.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: unknown;

  constructor(opts: { code: string; status: number; message: string; details?: unknown }) {
    super(opts.message);
    this.code = opts.code;
    this.status = opts.status;
    this.details = opts.details;
  }
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
