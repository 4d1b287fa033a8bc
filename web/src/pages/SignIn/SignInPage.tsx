import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '../../api/client';
import { useSession, useSignIn } from '../../api/useSession';
import { AuthCard } from '../../components/AuthCard';
import { LoadingState } from '../../components/QueryState';

export function SignInPage() {
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const back = (location.state as { from?: string } | null)?.from ?? '/settings/api-keys';

  if (session.isPending) return <LoadingState label="Checking your session" />;
  if (session.data && !signIn.isSuccess) return <Navigate to={back} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email, password }, { onSuccess: () => navigate(back, { replace: true }) });
  };

  return (
    <AuthCard title="Sign in" intro="Use the e-mail address and password you set with your invitation.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {signIn.isError && (
            <Alert color="red" role="alert" title={errorStatus(signIn.error) === 429 ? 'Too many attempts' : 'Could not sign in'}>
              {errorMessage(signIn.error)}
            </Alert>
          )}
          <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
          <Button type="submit" loading={signIn.isPending} disabled={!email || !password}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
