import { Badge, Button, Menu, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useSignedInSession } from './SessionContext';

/** Who is signed in (name, role, organization) and the way out. */
export function AccountMenu() {
  const { user, organization } = useSignedInSession();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <Button variant="subtle" aria-label={`Account: ${user.name ?? user.email}`} maw={200}>
          <Text truncate size="sm">
            {user.name ?? user.email}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as</Menu.Label>
        <Stack gap={2} px="sm" pb="xs">
          {user.name && <Text size="sm" fw={600}>{user.name}</Text>}
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
          <Text size="sm" c="dimmed">
            {organization.name}
          </Text>
          <Badge variant="light" w="fit-content">
            {user.role}
          </Badge>
        </Stack>
        <Menu.Divider />
        <Menu.Item onClick={() => navigate('/sign-out')}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
