import type { Permission } from '@academy/contracts/roles';
import type { SvgIconComponent } from '@mui/icons-material';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PunchClockOutlined from '@mui/icons-material/PunchClockOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';

export type NavItem = {
  label: string;
  path: string;
  icon: SvgIconComponent;
  /** Who sees the entry; the route's own guard still decides access. */
  permission: Permission;
  /** Only for accounts of this kind (내 근무 is for TA accounts: a 원장 has no pay). */
  userType?: 'TA';
};

/**
 * The CRM side navigation, in display order. Each area appends its entry here when its pages exist;
 * entries a user lacks the permission for are hidden.
 */
export const CRM_NAV: NavItem[] = [
  { label: '강좌·출석', path: '/crm/lectures', icon: MenuBookOutlined, permission: 'TA' },
  { label: '학생', path: '/crm/students', icon: PeopleAltOutlined, permission: 'TA' },
  { label: '시험 템플릿', path: '/crm/exam-templates', icon: QuizOutlined, permission: 'TA' },
  { label: '클리닉', path: '/crm/clinic', icon: EventAvailableOutlined, permission: 'TA' },
  { label: '상담', path: '/crm/counsel', icon: ForumOutlined, permission: 'TA' },
  { label: '태그', path: '/crm/tags', icon: SellOutlined, permission: 'TA' },
  { label: '문자 보내기', path: '/crm/sms', icon: SendOutlined, permission: 'TA' },
  { label: '문자 내역', path: '/crm/sms/history', icon: HistoryOutlined, permission: 'TA' },
  { label: '문자 설정', path: '/crm/sms/settings', icon: SettingsOutlined, permission: 'TA' },
  { label: '알림 템플릿', path: '/crm/push-alert-templates', icon: SmsOutlined, permission: 'ADMIN' },
  { label: '게시판', path: '/crm/board', icon: ForumOutlined, permission: 'TA' },
  { label: '공지사항', path: '/crm/notice', icon: CampaignOutlined, permission: 'TA' },
  { label: '내 근무·급여', path: '/crm/my-work', icon: PunchClockOutlined, permission: 'TA', userType: 'TA' },
  { label: '조교 관리', path: '/crm/admin/tas', icon: BadgeOutlined, permission: 'ADMIN' },
  { label: '근무 유형', path: '/crm/admin/wage-types', icon: CategoryOutlined, permission: 'ADMIN' },
  { label: '근무 기록', path: '/crm/admin/work', icon: CalendarMonthOutlined, permission: 'ADMIN' },
  { label: '급여', path: '/crm/admin/payroll', icon: PaymentsOutlined, permission: 'ADMIN' },
  { label: '경비 청구', path: '/crm/admin/expense-claims', icon: ReceiptLongOutlined, permission: 'ADMIN' },
  { label: '설정', path: '/crm/settings', icon: TuneOutlined, permission: 'TA' },
];
