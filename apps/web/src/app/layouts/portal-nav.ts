import type { SvgIconComponent } from '@mui/icons-material';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';

export type PortalNavItem = {
  label: string;
  path: string;
  icon: SvgIconComponent;
  /** Other paths the entry stands for (one entry, several pages). */
  also?: string[];
};

/**
 * The portal's bottom navigation, in display order: at most five entries, which fit a 360 px phone.
 * A new page joins an entry through `also` (and a link on that entry's page) rather than adding a sixth.
 */
export const PORTAL_NAV: PortalNavItem[] = [
  { label: '홈', path: '/portal', icon: HomeOutlined },
  // Videos belong to sessions: the 수업 entry stands for them (its page links to them, and so does 홈).
  { label: '수업', path: '/portal/lectures', icon: MenuBookOutlined, also: ['/portal/videos'] },
  { label: '자료', path: '/portal/materials', icon: FolderOutlined },
  { label: '성적', path: '/portal/scores', icon: AssessmentOutlined },
  // Clinic and counsel share one entry (a phone fits five); the page switches between them.
  { label: '예약', path: '/portal/clinic', icon: EventAvailableOutlined, also: ['/portal/counsel'] },
];
