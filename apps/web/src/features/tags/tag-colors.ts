/** Colours offered when making a tag; any #RRGGBB is accepted. */
export const TAG_COLORS = ['#2e7d32', '#1565c0', '#f9a825', '#c62828', '#6d4c41', '#6a1b9a', '#00838f', '#ef6c00', '#546e7a', '#ad1457'];
