/**
 * Error codes per area, with the HTTP status each answers with. Each area's contract file exports
 * its own (`LECTURE_ERRORS`); the server throws them (`throw appError(LECTURE_ERRORS.not_found,
 * '강좌를 찾을 수 없습니다')`) and the web switches on them (`isApiError(err,
 * LECTURE_ERRORS.schedule_overlap)`). A code reads `<area>.<name>`.
 */
export type ErrorSpec<C extends string = string> = { readonly code: C; readonly status: number };

export function errorCodes<const A extends string, const S extends Record<string, number>>(
  area: A,
  statuses: S,
): { readonly [K in keyof S & string]: ErrorSpec<`${A}.${K}`> } {
  return Object.fromEntries(Object.entries(statuses).map(([name, status]) => [name, { code: `${area}.${name}`, status }])) as never;
}

/** Bad input anywhere: the message names the field in Korean ("이름: 비어 있을 수 없습니다"); `issues[].path` carries the key. */
export const VALIDATION_ERRORS = errorCodes('validation', { invalid: 400 });

/** What the HTTP layer itself answers: malformed requests, unknown routes, server faults. */
export const REQUEST_ERRORS = errorCodes('request', {
  invalid: 400,
  empty_body: 400,
  invalid_json: 400,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
});
export const ROUTE_ERRORS = errorCodes('route', { not_found: 404 });
export const SERVER_ERRORS = errorCodes('server', { error: 500, response_invalid: 500 });
