import { Badge, Button, Popover, SegmentedControl, Stack, Switch, Text, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSetOwnName } from '../api/useSession';
import { NameModal } from './NameModal';
import { nameOf } from './people';
import { usePreferences, useSetPreferences } from '../api/usePreferences';
import { SIGN_OUT_REQUESTED } from '../pages/SignOut/SignOutPage';
import { useSignedInSession } from './SessionContext';

/** Who is signed in (name, role, organization), their name, whether they get e-mails, light or dark, and the way out. */
export function AccountMenu() {
  const { user, organization } = useSignedInSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  return (
    <>
    <Popover position="bottom-end" width={260} shadow="md" trapFocus opened={open} onChange={setOpen}>
      <Popover.Target>
        <Button variant="default" aria-label={`Account: ${nameOf(user)}`} title={user.email} maw={180} onClick={() => setOpen((was) => !was)}>
          <Text truncate size="sm" span>
            {nameOf(user)}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Account">
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Signed in as
          </Text>
          {user.name && (
            <Text size="sm" fw={600}>
              {user.name}
            </Text>
          )}
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
          <Text size="sm">{organization.name}</Text>
          <Badge variant="light" w="fit-content">
            {user.role}
          </Badge>
          <Button
            variant="light"
            size="xs"
            mt="sm"
            onClick={() => {
              setOpen(false);
              setNaming(true);
            }}
          >
            Your name
          </Button>
          <EmailSwitch />
          <ColorSchemeChoice />
          <Button variant="default" mt="sm" onClick={() => navigate('/sign-out', { state: SIGN_OUT_REQUESTED })}>
            Sign out
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
    {naming && <OwnName initialName={user.name ?? ''} onClose={() => setNaming(false)} />}
    </>
  );
}

/** The name everyone sees instead of the e-mail (members, audit log, limits, sessions). */
function OwnName({ initialName, onClose }: { initialName: string; onClose: () => void }) {
  const save = useSetOwnName();
  return (
    <NameModal
      opened
      title="Your name"
      label="Name shown to your organization"
      maxLength={200}
      submitLabel="Save"
      initialName={initialName}
      pending={save.isPending}
      error={save.error}
      onSubmit={(name) => save.mutate(name, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

/** Each person's own opt-out of Quarterdeck's e-mails (limits, budgets, the weekly digest). */
function EmailSwitch() {
  const preferences = usePreferences();
  const save = useSetPreferences();
  return (
    <Switch
      mt="sm"
      label="E-mail me about limits, budgets and the weekly digest"
      checked={save.isPending ? save.variables.emailNotifications === true : (preferences.data?.emailNotifications ?? false)}
      disabled={!preferences.data || save.isPending}
      onChange={(event) => save.mutate({ emailNotifications: event.currentTarget.checked })}
      error={save.isError || preferences.isError ? 'Could not load or save this setting' : undefined}
    />
  );
}

const COLOR_SCHEMES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Light or dark, or whatever the system says (the default); kept in this browser. */
function ColorSchemeChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap={4} mt="sm" role="group" aria-labelledby="color-scheme-label">
      <Text size="sm" id="color-scheme-label">
        Appearance
      </Text>
      <SegmentedControl size="xs" data={COLOR_SCHEMES} value={colorScheme} onChange={(value) => setColorScheme(value as MantineColorScheme)} />
    </Stack>
  );
}
