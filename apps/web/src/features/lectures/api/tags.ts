/**
 * Query-key roots the lectures area's writes refresh besides their own tag: a change to a lecture
 * shows in its sessions, its attendance sheet and the student portal.
 */
export const LECTURE_AREA = ['lectures', 'weekly-lectures', 'attendance', 'portal'] as const;
export const PORTAL = ['portal'] as const;
