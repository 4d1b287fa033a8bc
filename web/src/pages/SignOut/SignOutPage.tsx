import { Anchor, Button, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useSignOut } from '../../api/useSession';
import { AuthCard } from '../../components/AuthCard';
import { ErrorState, LoadingState } from '../../components/QueryState';

/** What the account menu's "Sign out" passes along: the person asked for it in this console. */
export const SIGN_OUT_REQUESTED = { signOut: true } as const;

/**
 * /sign-out — ends the session on the server, then says so. Opened directly (a link from
 * elsewhere, a typed address) it only asks: another page must not be able to sign people out.
 */
export function SignOutPage() {
  const signOut = useSignOut();
  const { mutate } = signOut;
  const requested = (useLocation().state as typeof SIGN_OUT_REQUESTED | null)?.signOut === true;
  useEffect(() => {
    if (requested) mutate();
  }, [requested, mutate]);

  if (signOut.isError) return <AuthCard title="Sign out"><ErrorState error={signOut.error} onRetry={() => mutate()} /></AuthCard>;
  if (signOut.isIdle) {
    return (
      <AuthCard title="Sign out">
        <Text size="sm">Sign out of the console on this browser?</Text>
        <Button onClick={() => mutate()}>Sign out</Button>
      </AuthCard>
    );
  }
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
