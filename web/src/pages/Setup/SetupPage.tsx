import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSetup } from '../../api/useSession';
import { AuthCard } from '../../components/AuthCard';
import { NewPasswordFields, newPasswordProblem } from '../../components/NewPasswordFields';
import { ActionError } from '../../components/QueryState';

/** /setup/:token — the one-time link a new server prints: the first organization and its owner. */
export function SetupPage() {
  const { token = '' } = useParams();
  const setup = useSetup();
  const navigate = useNavigate();
  const [organizationName, setOrganizationName] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const missing = !organizationName.trim() || !email.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (missing || newPasswordProblem(password, confirm)) return;
    const body = { token, organizationName: organizationName.trim(), email: email.trim(), password, ...(name.trim() ? { name: name.trim() } : {}) };
    setup.mutate(body, { onSuccess: () => navigate('/', { replace: true }) });
  };

  return (
    <AuthCard title="Set up Quarterdeck" intro="Create your organization and its first owner: you. This link works once.">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ActionError error={setup.error} />
          <TextInput label="Organization name" required value={organizationName} onChange={(event) => setOrganizationName(event.currentTarget.value)} error={submitted && !organizationName.trim() ? 'Name your organization' : undefined} />
          <TextInput label="Your name" autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <TextInput label="Your e-mail" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={submitted && !email.trim() ? 'Enter your e-mail address' : undefined} />
          <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} showErrors={submitted} />
          <Button type="submit" loading={setup.isPending}>
            Create organization
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
