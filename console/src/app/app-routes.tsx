import { lazy, Suspense, useEffect } from 'react';
import { Outlet, Route, Routes, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { currentUserQuery, useCurrentUser, wasSignedIn } from '../lib/current-user';
import { Spinner } from '../components/ui/spinner';
import { LeadCardActionsContext } from '../features/leads/components/lead-card-actions';
import { AUTH_PATHS, isAuthPath } from './auth-paths';
import { DeferredLiveConnection } from './deferred-live-connection';
import { FullScreenSpinner } from './full-screen-spinner';
import { LEAD_CARD_ACTIONS } from './lead-card-actions';
import { UPCOMING_ROUTES } from '../lib/upcoming-routes';

// Every screen is its own chunk: the sign-in page never downloads the shell or the dashboard.
const loadAuthPage = () => import('../features/auth/components/auth-page');
const loadAppShell = () => import('./shell/app-shell');
const loadDashboard = () => import('./pages/dashboard-route');
const AuthPage = lazy(() => loadAuthPage().then((m) => ({ default: m.AuthPage })));
const AppShell = lazy(() => loadAppShell().then((m) => ({ default: m.AppShell })));
const DashboardRoute = lazy(() => loadDashboard().then((m) => ({ default: m.DashboardRoute })));
const loadLeadPool = () => import('../features/leads/components/lead-pool-page');
const LeadPoolPage = lazy(() => loadLeadPool().then((m) => ({ default: m.LeadPoolPage })));
const PoolReportPage = lazy(() => import('../features/leads/components/pool-report-page').then((m) => ({ default: m.PoolReportPage })));
const ImportExportPage = lazy(() => import('../features/import-export/components/import-export-page').then((m) => ({ default: m.ImportExportPage })));
const LeadDetailsPage = lazy(() => import('../features/leads/components/lead-details-page').then((m) => ({ default: m.LeadDetailsPage })));
const NotAvailablePage = lazy(() => import('./pages/not-available-page').then((m) => ({ default: m.NotAvailablePage })));
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const NotificationsPage = lazy(() => import('../features/notifications/components/notifications-page').then((m) => ({ default: m.NotificationsPage })));
const SettingsRoute = lazy(() => import('./pages/settings-route').then((m) => ({ default: m.SettingsRoute })));
const ProfilePage = lazy(() => import('../features/account/components/profile-page').then((m) => ({ default: m.ProfilePage })));
const CallsPage = lazy(() => import('../features/calls/components/calls-page').then((m) => ({ default: m.CallsPage })));
const CallDetailPage = lazy(() => import('../features/calls/components/call-detail-page').then((m) => ({ default: m.CallDetailPage })));
const CallAnalyticsPage = lazy(() => import('../features/calls/components/call-analytics-page').then((m) => ({ default: m.CallAnalyticsPage })));
const AnalyticsHubPage = lazy(() => import('../features/analytics/components/analytics-hub-page').then((m) => ({ default: m.AnalyticsHubPage })));
const LeadAnalyticsPage = lazy(() => import('../features/analytics/components/lead-analytics-page').then((m) => ({ default: m.LeadAnalyticsPage })));
const FunnelAnalyticsPage = lazy(() => import('../features/analytics/components/funnel-analytics-page').then((m) => ({ default: m.FunnelAnalyticsPage })));
const CommissionsPage = lazy(() => import('../features/sales/components/commissions-page').then((m) => ({ default: m.CommissionsPage })));
const TeamPage = lazy(() => import('../features/team/components/team-page').then((m) => ({ default: m.TeamPage })));
const TwoFactorRequiredPage = lazy(() => import('../features/auth/components/two-factor-required-page').then((m) => ({ default: m.TwoFactorRequiredPage })));
const LeaderboardTvPage = lazy(() => import('../features/leaderboard/components/leaderboard-tv-page').then((m) => ({ default: m.LeaderboardTvPage })));
const SubscribePage = lazy(() => import('../features/billing/components/subscribe-page').then((m) => ({ default: m.SubscribePage })));
const CheckoutPage = lazy(() => import('../features/billing/components/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const AcademyPage = lazy(() => import('../features/academy/components/academy-page').then((m) => ({ default: m.AcademyPage })));
const TrainingPage = lazy(() => import('../features/academy/components/training-page').then((m) => ({ default: m.TrainingPage })));
const AssessmentsPage = lazy(() => import('../features/academy/components/assessments-page').then((m) => ({ default: m.AssessmentsPage })));
const ProgressPage = lazy(() => import('../features/academy/components/progress-page').then((m) => ({ default: m.ProgressPage })));
const TrainingEditorPage = lazy(() => import('../features/academy/components/training-editor-page').then((m) => ({ default: m.TrainingEditorPage })));
const IntegrationsPage = lazy(() => import('../features/integrations/components/integrations-page').then((m) => ({ default: m.IntegrationsPage })));
const CrmCallbackPage = lazy(() => import('../features/integrations/components/crm-callback-page').then((m) => ({ default: m.CrmCallbackPage })));
const JobBoardPage = lazy(() => import('../features/closers/components/job-board-page').then((m) => ({ default: m.JobBoardPage })));
const JobPage = lazy(() => import('../features/closers/components/job-page').then((m) => ({ default: m.JobPage })));
const JobEditorPage = lazy(() => import('../features/closers/components/job-editor-page').then((m) => ({ default: m.JobEditorPage })));
const MyApplicationsPage = lazy(() => import('../features/closers/components/my-applications-page').then((m) => ({ default: m.MyApplicationsPage })));
const ApplicationPage = lazy(() => import('../features/closers/components/application-page').then((m) => ({ default: m.ApplicationPage })));
const ManageApplicationsPage = lazy(() => import('../features/closers/components/manage-applications-page').then((m) => ({ default: m.ManageApplicationsPage })));
const JobApplicationsPage = lazy(() => import('../features/closers/components/job-applications-page').then((m) => ({ default: m.JobApplicationsPage })));
const FunnelsPage = lazy(() => import('../features/funnels/components/funnels-page').then((m) => ({ default: m.FunnelsPage })));
// The builder's chunk holds Puck; no other screen downloads it.
const FunnelBuilderPage = lazy(() => import('../features/funnels/components/funnel-builder-page').then((m) => ({ default: m.FunnelBuilderPage })));
const EmployerDashboardPage = lazy(() => import('../features/closers/components/employer-dashboard-page').then((m) => ({ default: m.EmployerDashboardPage })));

// Spec 9: a signed-in user on an auth path sees the dashboard, then moves to / after about 50 ms.
const SIGNED_IN_REDIRECT_MS = 50;

const PageFallback = () => (
  <div className="flex min-h-64 items-center justify-center">
    <Spinner label="Loading page" className="size-6" />
  </div>
);

function ShellLayout() {
  return (
    <AppShell>
      <LeadCardActionsContext value={LEAD_CARD_ACTIONS}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </LeadCardActionsContext>
    </AppShell>
  );
}

function SignedInRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), SIGNED_IN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AppShell>
      <DashboardRoute />
    </AppShell>
  );
}

/** Spec 2.2: no user on a protected route: check the session once more, then go to /auth. */
function RedirectToAuth() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    queryClient
      .fetchQuery({ ...currentUserQuery, staleTime: 0 })
      .catch(() => null)
      .then((user) => {
        if (active && !user) navigate('/auth', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [queryClient, navigate]);
  return <FullScreenSpinner label="Checking your session" />;
}

/**
 * Starts downloading the likely first screen, and then its first reads, while the current-user
 * call is in flight instead of after it: round trips less before anything useful shows. (With
 * a session that has expired meanwhile, those reads answer 401 and the user goes to sign in.)
 */
export function preloadLikelyScreens(queryClient: QueryClient): void {
  const signedIn = wasSignedIn();
  if (signedIn === true) {
    void loadAppShell();
    if (window.location.pathname === '/') void loadDashboard().then((m) => m.prefetchDashboard(queryClient));
    if (window.location.pathname === '/leads') {
      void loadLeadPool().then((m) => m.prefetchLeadPool(queryClient, new URLSearchParams(window.location.search)));
    }
  } else if (signedIn === false || isAuthPath(window.location.pathname)) {
    void loadAuthPage();
  }
}

/** Spec 2.1 and 2.2: who sees what at which path. The only gate is signed in versus signed out. */
export function AppRoutes() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <FullScreenSpinner />;
  // The floor requires a second factor this user has not set up: nothing else answers them until they do.
  if (user?.twoFactorSetupRequired) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <TwoFactorRequiredPage fullName={user.fullName} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      {/* The real-time connection (and the schemas it parses with) loads once someone is signed in and the page has settled. */}
      {user && <DeferredLiveConnection key={user.id} />}
      <Routes>
        {AUTH_PATHS.map((path) => (
          <Route key={path} path={path} element={user ? <SignedInRedirect /> : <AuthPage />} />
        ))}
        {/* The floor's big screen: outside the shell, still signed-in only. */}
        <Route path="leaderboard/tv" element={user ? <LeaderboardTvPage /> : <RedirectToAuth />} />
        <Route element={user ? <ShellLayout /> : <RedirectToAuth />}>
          <Route index element={<DashboardRoute />} />
          <Route path="leads" element={<LeadPoolPage />} />
          <Route path="leads/report" element={<PoolReportPage />} />
          <Route path="leads/import-export" element={<ImportExportPage />} />
          <Route path="leads/:id" element={<LeadDetailsPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="settings" element={<SettingsRoute />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="commissions" element={<CommissionsPage />} />
          <Route path="calls" element={<CallsPage />} />
          <Route path="calls/:id" element={<CallDetailPage />} />
          <Route path="call-analytics" element={<CallAnalyticsPage />} />
          <Route path="analytics" element={<AnalyticsHubPage />} />
          <Route path="lead-analytics" element={<LeadAnalyticsPage />} />
          <Route path="funnel-analytics" element={<FunnelAnalyticsPage />} />
          <Route path="team" element={<TeamPage />} />
          <Route path="subscribe" element={<SubscribePage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="academy" element={<AcademyPage />} />
          <Route path="academy/:jobId" element={<TrainingPage />} />
          <Route path="academy/:trainingId/assessments" element={<AssessmentsPage />} />
          <Route path="academy/:trainingId/progress" element={<ProgressPage />} />
          <Route path="closers/training/:jobId" element={<TrainingEditorPage />} />
          <Route path="integrations" element={<IntegrationsPage />} />
          <Route path="integrations/:provider/callback" element={<CrmCallbackPage />} />
          <Route path="closers" element={<JobBoardPage />} />
          <Route path="closers/jobs/new" element={<JobEditorPage />} />
          <Route path="closers/jobs/:id" element={<JobPage />} />
          <Route path="closers/jobs/:id/edit" element={<JobEditorPage />} />
          <Route path="closers/my-applications" element={<MyApplicationsPage />} />
          <Route path="applications/:id" element={<ApplicationPage />} />
          <Route path="closers/manage-applications" element={<ManageApplicationsPage />} />
          <Route path="closers/manage-applications/:jobId" element={<JobApplicationsPage />} />
          <Route path="employer-dashboard" element={<EmployerDashboardPage />} />
          <Route path="funnels" element={<FunnelsPage />} />
          <Route path="funnels/:id" element={<FunnelBuilderPage />} />
          {UPCOMING_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<NotAvailablePage title={r.title} description={r.description} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
