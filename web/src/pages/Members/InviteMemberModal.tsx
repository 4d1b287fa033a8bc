import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Role, User } from '../../api/client';
import { useAddMember } from '../../api/useMembers';
import { ActionError } from '../../components/QueryState';
import { InvitationLink } from './InvitationLink';
import { grantableRoles } from './roles';
import { FormActions } from '../../components/FormActions';

/**
 * Adds a person with a role; the invitation link is then shown once to pass on. `email` prefills
 * the form; `onAdded` hears of the new member (Connected agents links an identity to them).
 */
export function InviteMemberModal(props: { opened: boolean; onClose: () => void; actorRole: Role; email?: string; onAdded?: (user: User) => void }) {
  const { opened, onClose, actorRole } = props;
  const add = useAddMember();
  const [email, setEmail] = useState(props.email ?? '');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('member');
  // The form is reset once the closing animation is over, so it does not flash back meanwhile.
  const reset = () => {
    add.reset();
    setEmail(props.email ?? '');
    setName('');
    setRole('member');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) }, { onSuccess: (answer) => props.onAdded?.(answer.user) });
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} onExitTransitionEnd={reset} title={add.data ? 'Invitation ready' : 'Invite a member'} size="lg" centered>
      {add.data ? (
        <Stack>
          <InvitationLink who={add.data.user.email} url={add.data.inviteUrl} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <ActionError error={add.error} />
            <TextInput label="E-mail" type="email" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} data-autofocus />
            <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
            <NativeSelect label="Role" data={grantableRoles(actorRole)} value={role} onChange={(event) => setRole(event.currentTarget.value as Role)} />
            <FormActions onCancel={onClose} submitLabel="Invite" pending={add.isPending} disabled={!email.trim()} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
