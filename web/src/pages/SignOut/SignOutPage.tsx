import { Anchor, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSignOut } from '../../api/useSession';
import { AuthCard } from '../../components/AuthCard';
import { ErrorState, LoadingState } from '../../components/QueryState';

/** /sign-out — ends the session on the server, then says so. */
export function SignOutPage() {
  const signOut = useSignOut();
  const { mutate } = signOut;
  useEffect(() => mutate(), [mutate]);

  if (signOut.isError) return <AuthCard title="Sign out"><ErrorState error={signOut.error} onRetry={() => mutate()} /></AuthCard>;
  if (!signOut.isSuccess) return <LoadingState label="Signing out" />;
  return (
    <AuthCard title="You are signed out">
      <Text size="sm">Your session has ended on the server. API keys you created keep working until they are revoked or expire.</Text>
      <Anchor component={Link} to="/sign-in">
        Sign in again
      </Anchor>
    </AuthCard>
  );
}
