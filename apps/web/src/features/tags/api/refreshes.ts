/** Query-key roots the tags area's writes refresh besides their own: students show their tags. */
export const STUDENT_ROWS = ['students'] as const;
