import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorMessage, errorStatus } from '../../api/client';
import { useCreateApiKey } from '../../api/useApiKeys';
import { KeyCreated } from './KeyCreated';
import { FormActions } from '../../components/FormActions';

const DAY_MS = 86_400_000;
const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', days: undefined },
  { value: '7', label: 'In 7 days', days: 7 },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '365', label: 'In 1 year', days: 365 },
] as const;

/** Name and optional expiry; then the key, once. */
export function CreateKeyModal({ opened, onClose, apiUrl }: { opened: boolean; onClose: () => void; apiUrl: string }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string>('never');
  // The form is reset once the closing animation is over, so it does not flash back meanwhile.
  const reset = () => {
    create.reset();
    setName('');
    setExpiry('never');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = EXPIRY_CHOICES.find((choice) => choice.value === expiry)?.days;
    create.mutate({ name: name.trim(), ...(days ? { expiresAt: Date.now() + days * DAY_MS } : {}) });
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} onExitTransitionEnd={reset} title={create.data ? 'Your new API key' : 'Create an API key'} size="lg" centered>
      {create.data ? (
        <Stack>
          <KeyCreated secret={create.data.key} apiUrl={apiUrl} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            {create.isError && (
              <Alert color="red" role="alert" title={errorStatus(create.error) === 403 ? 'Key creation is restricted' : 'Could not create the key'}>
                {errorStatus(create.error) === 403
                  ? 'Your organization lets only owners and managers create API keys (the enterprise control restrictApiKeyCreationToManagers). Ask one of them for a key.'
                  : errorMessage(create.error)}
              </Alert>
            )}
            <TextInput label="Name" description="What the key is for, e.g. “CI pipeline”" required maxLength={100} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
            <NativeSelect label="Expires" data={EXPIRY_CHOICES.map(({ value, label }) => ({ value, label }))} value={expiry} onChange={(event) => setExpiry(event.currentTarget.value)} />
            <FormActions onCancel={onClose} submitLabel="Create key" pending={create.isPending} disabled={!name.trim()} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
