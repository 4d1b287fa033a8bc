import { Anchor, AppShell, Container, Group, Text } from '@mantine/core';
import { NavLink, Outlet } from 'react-router';
import { isManager } from '../api/client';
import { AccountMenu } from './AccountMenu';
import { useSignedInSession } from './SessionContext';

/** The signed-in frame: product name, the settings pages this role may use, the account menu. */
export function Layout() {
  const { user } = useSignedInSession();
  const links = [{ to: '/settings/api-keys', label: 'API keys' }, ...(isManager(user.role) ? [{ to: '/settings/members', label: 'Members' }] : [])];
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Text fw={700} c="blue.8">
              Quarterdeck
            </Text>
            <Group gap="md" component="nav" aria-label="Settings" wrap="nowrap">
              {links.map((link) => (
                <Anchor key={link.to} component={NavLink} to={link.to} size="sm" className="nav-link">
                  {link.label}
                </Anchor>
              ))}
            </Group>
          </Group>
          <AccountMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={0} component="main">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
