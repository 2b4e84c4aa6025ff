/**
 * Query-key roots a clinic or counsel write refreshes besides its own tag: the staff views of both
 * (clinic, counsel), the student's pages (portal-clinic, portal-counsel), and the score grid
 * (exams), whose clinic status and retake a booking or a grade changes.
 */
export const CLINIC_AREA = ['clinic', 'counsel', 'portal-clinic', 'portal-counsel', 'exams', 'wl-score'] as const;
