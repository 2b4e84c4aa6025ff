/** Query-key roots OMR writes refresh besides their own tag: applied answers change the score grid and exam lists. */
export const OMR_AREA = ['omr', 'exams', 'wl-exam', 'wl-score'] as const;
