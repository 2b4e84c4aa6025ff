/** A change to a session's videos also changes the portal's list of them. */
export const VIDEO_AREA = ['videos', 'my-videos'] as const;
