import { Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { TelemetryIdentity } from '../../api/client';
import { useLinkIdentity } from '../../api/useConnectedAgents';
import { useMembers } from '../../api/useMembers';
import { ActionError } from '../../components/QueryState';
import { FormActions } from '../../components/FormActions';

/** Chooses the active member an identity is; its waiting events then count for them. */
export function LinkIdentityModal({ identity, onClose }: { identity: TelemetryIdentity | null; onClose: () => void }) {
  const members = useMembers();
  const link = useLinkIdentity();
  const [userId, setUserId] = useState('');
  const active = (members.data ?? []).filter((user) => user.active);
  const options = [{ value: '', label: 'Choose a member' }, ...active.map((user) => ({ value: user.id, label: user.name ? `${user.name} (${user.email})` : user.email }))];
  const reset = () => {
    link.reset();
    setUserId('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (identity && userId) link.mutate({ identityId: identity.id, userId }, { onSuccess: onClose });
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={identity !== null} onClose={onClose} onExitTransitionEnd={reset} title="Link to a member" centered>
      {identity && (
        <form onSubmit={submit}>
          <Stack>
            <Text size="sm">
              Telemetry from <strong>{identity.value}</strong> counts for the member you choose: the {identity.pendingEvents} waiting events now, and everything it
              sends from now on.
            </Text>
            <ActionError error={link.error ?? members.error} />
            <NativeSelect label="Member" data={options} value={userId} onChange={(event) => setUserId(event.currentTarget.value)} data-autofocus />
            <FormActions onCancel={onClose} submitLabel="Link" pending={link.isPending} disabled={!userId} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
