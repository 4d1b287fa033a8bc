import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isSsoFailure, SSO_FAILURES } from '../../../../src/sdk/sso-failures.js';
import { errorMessage, errorStatus } from '../../api/client';
import { useSession, useSignIn, useSignInRoute } from '../../api/useSession';
import { AuthCard } from '../../components/AuthCard';
import { LoadingState } from '../../components/QueryState';

/**
 * /sign-in — the e-mail first: an organization with single sign-on for its domain sends the
 * browser to its identity provider; anyone else gives their password next. "Use a password" skips
 * the routing (the break-glass owner of an organization that requires single sign-on).
 */
export function SignInPage() {
  const session = useSession();
  const signIn = useSignIn();
  const route = useSignInRoute();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'email' | 'password'>('email');
  const back = (location.state as { from?: string } | null)?.from ?? '/settings/api-keys';
  const ssoError = search.get('sso_error');

  if (session.isPending) return <LoadingState label="Checking your session" />;
  if (session.data && !signIn.isSuccess) return <Navigate to={back} replace />;
  if (route.data?.method === 'sso') return <LoadingState label="Continuing to your identity provider" />;

  const continueWithEmail = (event: FormEvent) => {
    event.preventDefault();
    route.mutate({ email }, { onSuccess: (answer) => answer.method === 'password' && setStep('password') });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email, password }, { onSuccess: () => navigate(back, { replace: true }) });
  };
  const failure = signIn.error ?? route.error;

  return (
    <AuthCard title="Sign in" intro={step === 'email' ? 'Enter your e-mail address. If your organization signs in through its identity provider, you continue there.' : 'Enter the password you set with your invitation.'}>
      <Stack>
        {ssoError && step === 'email' && !failure && (
          <Alert color="red" role="alert" title="Single sign-on did not sign you in">
            {isSsoFailure(ssoError) ? SSO_FAILURES[ssoError] : 'Try again, or ask an owner of your organization.'}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert" title={errorStatus(failure) === 429 ? 'Too many attempts' : 'Could not sign in'}>
            {errorMessage(failure)}
          </Alert>
        )}
        {step === 'email' ? (
          <form onSubmit={continueWithEmail} noValidate>
            <Stack>
              <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
              <Button type="submit" loading={route.isPending} disabled={!email}>
                Continue
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={() => setStep('password')}>
                Use a password instead
              </Anchor>
            </Stack>
          </form>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
              <PasswordInput label="Password" autoComplete="current-password" required autoFocus value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
              <Button type="submit" loading={signIn.isPending} disabled={!email || !password}>
                Sign in
              </Button>
              <Group justify="flex-start">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    signIn.reset();
                    route.reset();
                    setStep('email');
                  }}
                >
                  Back to the e-mail step
                </Anchor>
              </Group>
              <Text size="xs" c="dimmed">
                Organizations that require single sign-on accept a password from their break-glass owner only.
              </Text>
            </Stack>
          </form>
        )}
      </Stack>
    </AuthCard>
  );
}
