import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import { useCreateScimToken } from '../../api/useScimTokens';
import { SecretValue } from '../../components/SecretValue';
import { FormActions } from '../../components/FormActions';

/** A name for the provider; then the token, once, beside the base URL to paste with it. */
export function CreateTokenModal({ opened, onClose, baseUrl }: { opened: boolean; onClose: () => void; baseUrl: string }) {
  const create = useCreateScimToken();
  const [name, setName] = useState('');
  const reset = () => {
    create.reset();
    setName('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim());
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} onExitTransitionEnd={reset} title={create.data ? 'Your new SCIM token' : 'Create a SCIM token'} size="lg" centered>
      {create.data ? (
        <Stack>
          <Alert color="blue" title="Copy it now">
            This is the only time the token is shown. Paste it into your identity provider with the base URL; if you lose it, revoke it and create a new one.
          </Alert>
          <SecretValue label="SCIM token" value={create.data.token} />
          <SecretValue label="SCIM base URL" value={create.data.scimBaseUrl || baseUrl} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            {create.isError && (
              <Alert color="red" role="alert" title="Could not create the token">
                {errorMessage(create.error)}
              </Alert>
            )}
            <TextInput label="Name" description="The identity provider it is for, e.g. “Okta production”" required maxLength={100} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
            <FormActions onCancel={onClose} submitLabel="Create token" pending={create.isPending} disabled={!name.trim()} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
