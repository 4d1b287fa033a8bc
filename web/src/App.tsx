import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Layout } from './components/Layout';
import { RequireSession } from './components/RequireSession';
import { useSignedInSession } from './components/SessionContext';
import { isManager } from './api/client';
import { InvitePage } from './pages/Invite/InvitePage';
import { NotFoundPage } from './pages/NotFound/NotFoundPage';
import { SetupPage } from './pages/Setup/SetupPage';
import { SignInPage } from './pages/SignIn/SignInPage';
import { SignOutPage } from './pages/SignOut/SignOutPage';

// The console's pages; the server answers index.html on exactly these paths
// (src/routes/console/index.ts). Pages behind the sign-in are loaded when first opened, so the
// first load carries only the frame (the charts library comes with /analytics).
const ApiKeysPage = lazy(() => import('./pages/ApiKeys/ApiKeysPage').then((module) => ({ default: module.ApiKeysPage })));
const MembersPage = lazy(() => import('./pages/Members/MembersPage').then((module) => ({ default: module.MembersPage })));
const AnalyticsPage = lazy(() => import('./pages/Analytics/AnalyticsPage'));
const UserAnalyticsPage = lazy(() => import('./pages/Analytics/UserAnalyticsPage'));
const ReadinessPage = lazy(() => import('./pages/Readiness/ReadinessPage'));
const ImpactPage = lazy(() => import('./pages/Impact/ImpactPage'));
const GitHostsPage = lazy(() => import('./pages/GitHosts/GitHostsPage'));
const RepositoriesPage = lazy(() => import('./pages/Repositories/RepositoriesPage'));
const ControlsPage = lazy(() => import('./pages/Controls/ControlsPage'));
const AuditLogPage = lazy(() => import('./pages/AuditLog/AuditLogPage'));
const LimitsPage = lazy(() => import('./pages/Limits/LimitsPage'));
const PricesPage = lazy(() => import('./pages/Prices/PricesPage'));
const ComputersPage = lazy(() => import('./pages/Computers/ComputersPage'));
const AgentSessionsPage = lazy(() => import('./pages/AgentSessions/AgentSessionsPage'));
const AgentSessionPage = lazy(() => import('./pages/AgentSessions/AgentSessionPage'));
const SessionsPage = lazy(() => import('./pages/Sessions/SessionsPage'));
const SessionPage = lazy(() => import('./pages/Sessions/SessionPage'));
const TeamsPage = lazy(() => import('./pages/Teams/TeamsPage'));
const BudgetsPage = lazy(() => import('./pages/Budgets/BudgetsPage'));
const WebhooksPage = lazy(() => import('./pages/Webhooks/WebhooksPage'));
const ProvisioningPage = lazy(() => import('./pages/Provisioning/ProvisioningPage').then((module) => ({ default: module.ProvisioningPage })));
const SingleSignOnPage = lazy(() => import('./pages/SingleSignOn/SingleSignOnPage'));
const ConnectedAgentsPage = lazy(() => import('./pages/ConnectedAgents/ConnectedAgentsPage'));

/** Owners and managers land on the dashboard; others on their API keys. */
function Home() {
  const { user } = useSignedInSession();
  return <Navigate to={isManager(user.role) ? '/analytics' : '/settings/api-keys'} replace />;
}

export function App() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route path="/sign-out" element={<SignOutPage />} />
      <Route path="/invite/:token" element={<InvitePage />} />
      <Route path="/setup/:token" element={<SetupPage />} />
      <Route
        element={
          <RequireSession>
            <Layout />
          </RequireSession>
        }
      >
        <Route path="/" element={<Home />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/analytics/users/:userId" element={<UserAnalyticsPage />} />
        <Route path="/impact" element={<ImpactPage />} />
        <Route path="/repositories" element={<RepositoriesPage />} />
        <Route path="/readiness" element={<ReadinessPage />} />
        <Route path="/agent-sessions" element={<AgentSessionsPage />} />
        <Route path="/agent-sessions/:agentSessionId" element={<AgentSessionPage />} />
        <Route path="/sessions" element={<SessionsPage />} />
        <Route path="/sessions/:sessionId" element={<SessionPage />} />
        <Route path="/computers" element={<ComputersPage />} />
        <Route path="/settings/controls" element={<ControlsPage />} />
        <Route path="/settings/limits" element={<LimitsPage />} />
        <Route path="/settings/prices" element={<PricesPage />} />
        <Route path="/settings/api-keys" element={<ApiKeysPage />} />
        <Route path="/settings/members" element={<MembersPage />} />
        <Route path="/settings/teams" element={<TeamsPage />} />
        <Route path="/settings/connected-agents" element={<ConnectedAgentsPage />} />
        <Route path="/settings/budgets" element={<BudgetsPage />} />
        <Route path="/settings/webhooks" element={<WebhooksPage />} />
        <Route path="/settings/git-hosts" element={<GitHostsPage />} />
        <Route path="/settings/audit-log" element={<AuditLogPage />} />
        <Route path="/settings/provisioning" element={<ProvisioningPage />} />
        <Route path="/settings/sso" element={<SingleSignOnPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
