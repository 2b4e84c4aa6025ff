/** Query-key roots the students area's writes refresh besides their own: tag counts change with the roster. */
export const TAG_COUNTS = ['tags'] as const;
