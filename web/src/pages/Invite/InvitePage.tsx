import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorStatus } from '../../api/client';
import { useAcceptInvitation } from '../../api/useSession';
import { AuthCard } from '../../components/AuthCard';
import { NewPasswordFields, newPasswordProblem } from '../../components/NewPasswordFields';
import { ActionError } from '../../components/QueryState';

/** /invite/:token — the invitation link: set a password, and be signed in. */
export function InvitePage() {
  const { token = '' } = useParams();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (newPasswordProblem(password, confirm)) return;
    accept.mutate({ token, password }, { onSuccess: () => navigate('/', { replace: true }) });
  };

  if (errorStatus(accept.error) === 404) {
    return (
      <AuthCard title="This invitation no longer works">
        <Text size="sm">The link was already used, has expired (after 7 days), or a newer one replaced it. Ask an owner or manager of your organization for a new invitation.</Text>
        <Anchor component={Link} to="/sign-in">
          Sign in instead
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome to Quarterdeck" intro="Choose a password for the console. You will sign in with your e-mail address and this password.">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ActionError error={accept.error} />
          <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} showErrors={submitted} />
          <Button type="submit" loading={accept.isPending}>
            Set password and sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
