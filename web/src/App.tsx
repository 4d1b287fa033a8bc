import { Navigate, Route, Routes } from 'react-router';
import { Layout } from './components/Layout';
import { RequireSession } from './components/RequireSession';
import { ApiKeysPage } from './pages/ApiKeys/ApiKeysPage';
import { InvitePage } from './pages/Invite/InvitePage';
import { MembersPage } from './pages/Members/MembersPage';
import { NotFoundPage } from './pages/NotFound/NotFoundPage';
import { SetupPage } from './pages/Setup/SetupPage';
import { SignInPage } from './pages/SignIn/SignInPage';
import { SignOutPage } from './pages/SignOut/SignOutPage';

// The console's pages; the server answers index.html on exactly these paths
// (src/routes/console/index.ts).
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
        <Route path="/" element={<Navigate to="/settings/api-keys" replace />} />
        <Route path="/settings/api-keys" element={<ApiKeysPage />} />
        <Route path="/settings/members" element={<MembersPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
