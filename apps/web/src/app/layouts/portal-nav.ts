// The entries' drawings: Material icons as SVG paths (components/light/icons.tsx).
const homeIcon = 'm12 5.69 5 4.5V18h-2v-6H9v6H7v-7.81zM12 3 2 12h3v8h6v-6h2v6h6v-8h3z';
const menuBookIcon = 'M21 5c-1.11-.35-2.33-.5-3.5-.5-1.95 0-4.05.4-5.5 1.5-1.45-1.1-3.55-1.5-5.5-1.5S2.45 4.9 1 6v14.65c0 .25.25.5.5.5.1 0 .15-.05.25-.05C3.1 20.45 5.05 20 6.5 20c1.95 0 4.05.4 5.5 1.5 1.35-.85 3.8-1.5 5.5-1.5 1.65 0 3.35.3 4.75 1.05.1.05.15.05.25.05.25 0 .5-.25.5-.5V6c-.6-.45-1.25-.75-2-1m0 13.5c-1.1-.35-2.3-.5-3.5-.5-1.7 0-4.15.65-5.5 1.5V8c1.35-.85 3.8-1.5 5.5-1.5 1.2 0 2.4.15 3.5.5zM17.5 10.5c.88 0 1.73.09 2.5.26V9.24c-.79-.15-1.64-.24-2.5-.24-1.7 0-3.24.29-4.5.83v1.66c1.13-.64 2.7-.99 4.5-.99M13 12.49v1.66c1.13-.64 2.7-.99 4.5-.99.88 0 1.73.09 2.5.26V11.9c-.79-.15-1.64-.24-2.5-.24-1.7 0-3.24.3-4.5.83m4.5 1.84c-1.7 0-3.24.29-4.5.83v1.66c1.13-.64 2.7-.99 4.5-.99.88 0 1.73.09 2.5.26v-1.52c-.79-.16-1.64-.24-2.5-.24';
const folderIcon = 'm9.17 6 2 2H20v10H4V6zM10 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V8c0-1.1-.9-2-2-2h-8z';
const assessmentIcon = 'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H5V5h14zM7 10h2v7H7zm4-3h2v10h-2zm4 6h2v4h-2z';
const eventAvailableIcon = 'M19 3h-1V1h-2v2H8V1H6v2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H5V9h14zM5 7V5h14v2zm5.56 10.46 5.93-5.93-1.06-1.06-4.87 4.87-2.11-2.11-1.06 1.06z';

export type PortalNavItem = {
  label: string;
  path: string;
  /** A light icon's drawing (components/light/icons.tsx): the portal's frame loads no MUI. */
  icon: string;
  /** Other paths the entry stands for (one entry, several pages). */
  also?: string[];
};

/**
 * The portal's bottom navigation, in display order: at most five entries, which fit a 360 px phone.
 * A new page joins an entry through `also` (and a link on that entry's page) rather than adding a sixth.
 */
export const PORTAL_NAV: PortalNavItem[] = [
  { label: '홈', path: '/portal', icon: homeIcon },
  // Videos belong to sessions: the 수업 entry stands for them (its page links to them, and so does 홈).
  { label: '수업', path: '/portal/lectures', icon: menuBookIcon, also: ['/portal/videos'] },
  { label: '자료', path: '/portal/materials', icon: folderIcon },
  { label: '성적', path: '/portal/scores', icon: assessmentIcon },
  // Clinic and counsel share one entry (a phone fits five); the page switches between them.
  { label: '예약', path: '/portal/clinic', icon: eventAvailableIcon, also: ['/portal/counsel'] },
];
