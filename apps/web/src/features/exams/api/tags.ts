/**
 * Query-key roots the exams area's writes refresh besides their own tag: an exam's settings show in
 * the session's exam list and score grid (`exams`), its detail (`wl-exam`), its retakes and the
 * student portal.
 */
export const EXAM_AREA = ['exams', 'wl-exam', 'wle-retake', 'portal'] as const;
