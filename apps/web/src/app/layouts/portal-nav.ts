import type { SvgIconComponent } from '@mui/icons-material';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';

export type PortalNavItem = {
  label: string;
  path: string;
  icon: SvgIconComponent;
  /** Other paths the entry stands for (one entry, several pages). */
  also?: string[];
};

/**
 * The portal's bottom navigation, in display order (at most five fit a phone). Each area appends its
 * entry here when its pages exist.
 */
export const PORTAL_NAV: PortalNavItem[] = [
  { label: '홈', path: '/portal', icon: HomeOutlined },
  { label: '수업', path: '/portal/lectures', icon: MenuBookOutlined },
  { label: '자료', path: '/portal/materials', icon: FolderOutlined },
  { label: '성적', path: '/portal/scores', icon: AssessmentOutlined },
  { label: '영상', path: '/portal/videos', icon: OndemandVideoOutlined },
  // Clinic and counsel share one entry (a phone fits five); the page switches between them.
  { label: '예약', path: '/portal/clinic', icon: EventAvailableOutlined, also: ['/portal/counsel'] },
];
