import { Anchor, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useComputers } from '../../api/useComputers';
import { useCreateSession } from '../../api/useSessions';
import { ActionError, ErrorState, LoadingState } from '../../components/QueryState';
import { FormActions } from '../../components/FormActions';

/**
 * Starts a session on a computer: a session's messages are answered by the agent of its computer,
 * so the console asks for one (a session without a computer could take no message). The status of
 * each computer is in its option, so a person sees which one is set up.
 */
export function NewSessionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const computers = useComputers();
  const create = useCreateSession();
  const navigate = useNavigate();
  const [computerId, setComputerId] = useState('');
  const [title, setTitle] = useState('');
  const [cwd, setCwd] = useState('');
  const close = () => {
    create.reset();
    setTitle('');
    setCwd('');
    onClose();
  };
  const chosen = computerId || computers.data?.[0]?.id || '';
  return (
    <Modal opened={opened} onClose={close} title="New session" closeButtonProps={{ 'aria-label': 'Close' }} centered>
      {computers.isPending ? (
        <LoadingState label="Loading computers" />
      ) : computers.isError ? (
        <ErrorState error={computers.error} onRetry={() => void computers.refetch()} />
      ) : computers.data.length === 0 ? (
        <Stack>
          <Text size="sm">A session runs on a computer, and there is none yet.</Text>
          <Anchor component={Link} to="/computers" size="sm" onClick={close}>
            Register a computer first
          </Anchor>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const body = { computerId: chosen, ...(title.trim() && { title: title.trim() }), ...(cwd.trim() && { cwd: cwd.trim() }) };
            create.mutate(body, { onSuccess: (session) => navigate(`/sessions/${session.sessionId}`) });
          }}
        >
          <Stack>
            <NativeSelect
              label="Computer"
              description="Its agent answers the session's messages"
              value={chosen}
              onChange={(event) => setComputerId(event.currentTarget.value)}
              data={computers.data.map((computer) => ({ value: computer.id, label: `${computer.name} (${computer.status ?? 'status unknown'})` }))}
              data-autofocus
            />
            <TextInput label="Title" maxLength={500} value={title} onChange={(event) => setTitle(event.currentTarget.value)} placeholder="Named by its first message when empty" />
            <TextInput label="Working directory" description="On the computer; the agent's work directory when empty" maxLength={4096} value={cwd} onChange={(event) => setCwd(event.currentTarget.value)} />
            <ActionError error={create.error} />
            <FormActions onCancel={close} submitLabel="Start session" pending={create.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
