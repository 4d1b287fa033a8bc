import { AppShell, Burger, Group, NavLink as MantineNavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { isManager } from '../api/client';
import { AccountMenu } from './AccountMenu';
import { LoadingState } from './QueryState';
import { useSignedInSession } from './SessionContext';

/** The signed-in frame: product name, the pages this role may use, the account menu. */
export function Layout() {
  const { user } = useSignedInSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const manager = isManager(user.role);
  const links = [
    ...(manager ? [{ to: '/analytics', label: 'Analytics' }, { to: '/impact', label: 'Impact' }, { to: '/repositories', label: 'Repositories' }] : []),
    ...(user.role === 'guest' ? [] : [{ to: '/agent-sessions', label: 'Agent sessions' }]),
    { to: '/readiness', label: 'Readiness' },
    { to: '/sessions', label: 'Sessions' },
    { to: '/computers', label: 'Computers' },
    { to: '/settings/controls', label: 'Controls' },
    ...(user.role === 'guest' ? [] : [{ to: '/settings/prices', label: 'Prices' }]),
    ...(manager
      ? [
          { to: '/settings/limits', label: 'Credit limits' },
          { to: '/settings/budgets', label: 'Budgets' },
          { to: '/settings/members', label: 'Members' },
          { to: '/settings/teams', label: 'Teams' },
          { to: '/settings/connected-agents', label: 'Connected agents' },
          { to: '/settings/webhooks', label: 'Webhooks' },
          { to: '/settings/git-hosts', label: 'Git hosts' },
        ]
      : []),
    ...(user.role === 'owner' ? [{ to: '/settings/audit-log', label: 'Audit log' }] : []),
    ...(user.role === 'owner' ? [{ to: '/settings/provisioning', label: 'Provisioning' }] : []),
    ...(user.role === 'owner' ? [{ to: '/settings/sso', label: 'Single sign-on' }] : []),
    { to: '/settings/api-keys', label: 'API keys' },
  ];
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 200, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <a href="#content" className="skip-link">
        Skip to the content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Text fw={700} c="var(--mantine-color-blue-light-color)">
              Quarterdeck
            </Text>
          </Group>
          <AccountMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Console">
        {links.map((link) => (
          <MantineNavLink key={link.to} component={NavLink} to={link.to} label={link.label} onClick={close} className="nav-link" />
        ))}
      </AppShell.Navbar>
      {/* AppShell.Main is the page's one main landmark; the skip link jumps to it. */}
      <AppShell.Main id="content" tabIndex={-1}>
        <Suspense fallback={<LoadingState label="Loading the page" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
