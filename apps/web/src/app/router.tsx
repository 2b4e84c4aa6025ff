import { landingPath } from '@academy/contracts/roles';
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';
import { setSessionNavigator, useSession } from '../lib/session.ts';
import { RequirePermission } from './guards.tsx';

/** Every page is its own chunk; while it loads, the centred full-screen spinner shows (SPEC §2). */
function page(component: LazyExoticComponent<ComponentType>) {
  const Page = component;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Page />
    </Suspense>
  );
}

/** The MUI theme around the pages drawn with MUI (the light pages and layouts do without it). */
const MuiPages = lazy(() => import('../components/mui-theme.tsx'));
const PublicLayout = lazy(() => import('./layouts/public-layout.tsx'));
const CrmLayout = lazy(() => import('./layouts/crm-layout.tsx'));
const PortalLayout = lazy(() => import('./layouts/portal-layout.tsx'));

const Landing = lazy(() => import('../routes/public/landing.tsx'));
const Login = lazy(() => import('../routes/public/login.tsx'));
const FindPassword = lazy(() => import('../routes/public/find-password.tsx'));
const ResetPassword = lazy(() => import('../routes/public/reset-password.tsx'));
const ParentFileLink = lazy(() => import('../routes/public/parent-file-link.tsx'));
const Terms = lazy(() => import('../routes/public/terms.tsx'));
const ParentScoreLink = lazy(() => import('../routes/public/parent-score-link.tsx'));
const ParentWeekLink = lazy(() => import('../routes/public/parent-week-link.tsx'));
const BoardList = lazy(() => import('../routes/public/board/list.tsx'));
const BoardPost = lazy(() => import('../routes/public/board/post.tsx'));
const BoardWrite = lazy(() => import('../routes/public/board/write.tsx'));

const CrmNotice = lazy(() => import('../routes/crm/notice.tsx'));
const CrmLectureList = lazy(() => import('../routes/crm/lectures/list.tsx'));
const CrmLectureDetail = lazy(() => import('../routes/crm/lectures/detail.tsx'));
const CrmStudentList = lazy(() => import('../routes/crm/students/list.tsx'));
const CrmStudentDetail = lazy(() => import('../routes/crm/students/detail.tsx'));
const CrmTagList = lazy(() => import('../routes/crm/tags/list.tsx'));
const CrmPushAlertTemplates = lazy(() => import('../routes/crm/push-alert-templates/list.tsx'));
const CrmExamTemplates = lazy(() => import('../routes/crm/exams/templates.tsx'));
const CrmOmrExam = lazy(() => import('../routes/crm/omr/exam.tsx'));
const CrmClinic = lazy(() => import('../routes/crm/clinic.tsx'));
const CrmCounsel = lazy(() => import('../routes/crm/counsel.tsx'));
const CrmBoard = lazy(() => import('../routes/crm/board.tsx'));
const CrmSmsCompose = lazy(() => import('../routes/crm/sms/compose.tsx'));
const CrmSmsHistory = lazy(() => import('../routes/crm/sms/history.tsx'));
const CrmSmsSettings = lazy(() => import('../routes/crm/sms/settings.tsx'));

const PortalHome = lazy(() => import('../routes/portal/home.tsx'));
const PortalLectures = lazy(() => import('../routes/portal/lectures.tsx'));
const PortalMaterials = lazy(() => import('../routes/portal/materials.tsx'));
const PortalScores = lazy(() => import('../routes/portal/scores.tsx'));
const PortalVideos = lazy(() => import('../routes/portal/videos.tsx'));
const PortalClinic = lazy(() => import('../routes/portal/clinic.tsx'));
const PortalCounsel = lazy(() => import('../routes/portal/counsel.tsx'));
const PortalPassword = lazy(() => import('../routes/portal/password.tsx'));
const CrmLectureFiles = lazy(() => import('../routes/crm/files/weekly-lecture-files.tsx'));
const CrmMyWork = lazy(() => import('../routes/crm/my-work.tsx'));
const CrmSettings = lazy(() => import('../routes/crm/settings.tsx'));
const CrmAdminTas = lazy(() => import('../routes/crm/admin/tas.tsx'));
const CrmAdminWageTypes = lazy(() => import('../routes/crm/admin/wage-types.tsx'));
const CrmAdminWork = lazy(() => import('../routes/crm/admin/work.tsx'));
const CrmAdminPayroll = lazy(() => import('../routes/crm/admin/payroll.tsx'));
const CrmAdminExpenseClaims = lazy(() => import('../routes/crm/admin/expense-claims.tsx'));

/** /crm itself: each staff role's own first page. */
function CrmIndex() {
  const { principal } = useSession();
  return <Navigate to={landingPath(principal)} replace />;
}

/**
 * The one route table. Areas add their pages inside the CRM or portal children below (the guard on the
 * parent already applies); the board's public pages are under the public layout. The public and
 * portal frames are light (no MUI): a page there that uses MUI goes in its `MuiPages` group, which
 * provides the MUI theme; the CRM layout provides its own.
 */
export const routes: RouteObject[] = [
  {
    element: page(PublicLayout),
    children: [
      // Light pages (own CSS, no MUI): what a first visit and every sign-in load.
      { index: true, element: page(Landing) },
      { path: 'login', element: page(Login) },
      { path: 'board', element: page(BoardList) },
      {
        element: page(MuiPages),
        children: [
          { path: 'find-password', element: page(FindPassword) },
          { path: 'terms/:id', element: page(Terms) },
          { path: 'link/reset-password/:uuid', element: page(ResetPassword) },
          { path: 'link/file/:token', element: page(ParentFileLink) },
          { path: 'link/score/:token', element: page(ParentScoreLink) },
          { path: 'link/week/:token', element: page(ParentWeekLink) },
          { path: 'board/write', element: page(BoardWrite) },
          { path: 'board/:id', element: page(BoardPost) },
          { path: 'board/:id/edit', element: page(BoardWrite) },
        ],
      },
    ],
  },
  {
    path: 'crm',
    element: <RequirePermission permission="TA">{page(CrmLayout)}</RequirePermission>,
    children: [
      { index: true, element: <CrmIndex /> },
      { path: 'notice', element: page(CrmNotice) },
      // Admins manage lectures here; TAs use the same cards to open each lecture's attendance sheet
      // (the page hides admin-only actions).
      { path: 'lectures', element: page(CrmLectureList) },
      { path: 'lectures/:id', element: page(CrmLectureDetail) },
      { path: 'lectures/:id/files', element: page(CrmLectureFiles) },
      { path: 'lectures/:id/omr/:examId', element: page(CrmOmrExam) },
      { path: 'students', element: page(CrmStudentList) },
      { path: 'students/:id', element: page(CrmStudentDetail) },
      { path: 'tags', element: page(CrmTagList) },
      { path: 'exam-templates', element: page(CrmExamTemplates) },
      { path: 'clinic', element: page(CrmClinic) },
      { path: 'counsel', element: page(CrmCounsel) },
      { path: 'push-alert-templates', element: <RequirePermission permission="ADMIN">{page(CrmPushAlertTemplates)}</RequirePermission> },
      { path: 'my-work', element: page(CrmMyWork) },
      { path: 'admin/tas', element: <RequirePermission permission="ADMIN">{page(CrmAdminTas)}</RequirePermission> },
      { path: 'admin/wage-types', element: <RequirePermission permission="ADMIN">{page(CrmAdminWageTypes)}</RequirePermission> },
      { path: 'admin/work', element: <RequirePermission permission="ADMIN">{page(CrmAdminWork)}</RequirePermission> },
      { path: 'admin/payroll', element: <RequirePermission permission="ADMIN">{page(CrmAdminPayroll)}</RequirePermission> },
      { path: 'admin/expense-claims', element: <RequirePermission permission="ADMIN">{page(CrmAdminExpenseClaims)}</RequirePermission> },
      { path: 'board', element: page(CrmBoard) },
      { path: 'sms', element: page(CrmSmsCompose) },
      { path: 'sms/history', element: page(CrmSmsHistory) },
      { path: 'sms/settings', element: page(CrmSmsSettings) },
      { path: 'settings', element: page(CrmSettings) },
    ],
  },
  {
    path: 'portal',
    element: <RequirePermission permission="STUDENT">{page(PortalLayout)}</RequirePermission>,
    children: [
      // The home is light (own CSS, no MUI); the other portal pages use MUI.
      { index: true, element: page(PortalHome) },
      {
        element: page(MuiPages),
        children: [
          { path: 'lectures', element: page(PortalLectures) },
          { path: 'materials', element: page(PortalMaterials) },
          // One page: the list, a result (scores/12) and an online answer sheet (scores/12/submit).
          { path: 'scores', element: page(PortalScores) },
          { path: 'scores/:examId', element: page(PortalScores) },
          { path: 'scores/:examId/submit', element: page(PortalScores) },
          // One page: the list (videos) and the player (videos/12).
          { path: 'videos', element: page(PortalVideos) },
          { path: 'videos/:videoId', element: page(PortalVideos) },
          { path: 'clinic', element: page(PortalClinic) },
          { path: 'counsel', element: page(PortalCounsel) },
          { path: 'password', element: page(PortalPassword) },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/**
 * The routes, rendered by the `BrowserRouter` in full-app.tsx (declarative mode: the app uses no loaders,
 * actions or fetchers, and the data router would add about 17 KB gzip to every first load). A page
 * that fails to render reaches `AppErrorBoundary`, which logs it and reloads (SPEC §8). The router
 * registers itself so an expired session leaves through client-side navigation.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => setSessionNavigator((to) => void navigate(to, { replace: true })), [navigate]);
  return useRoutes(routes);
}
