import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { isManager, type TelemetryIdentity } from '../../api/client';
import { CONNECTIONS_REFRESH_MS, useConnectedAgents, useLinkIdentity, useUnattributedIdentities } from '../../api/useConnectedAgents';
import { PageHeader } from '../../components/PageHeader';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { InviteMemberModal } from '../Members/InviteMemberModal';
import { ConnectionsTable } from './ConnectionsTable';
import { IdentitiesTable } from './IdentitiesTable';
import { LinkIdentityModal } from './LinkIdentityModal';
import { SetupPanel } from './SetupPanel';
import { VersionsPanel } from './VersionsPanel';

/** /settings/connected-agents — who is sending telemetry today, what waits for a member, and setup. */
export default function ConnectedAgentsPage() {
  const session = useSignedInSession();
  if (!isManager(session.user.role)) {
    return (
      <Stack>
        <PageHeader title="Connected agents" description="What the organization's coding agents send." />
        <Alert color="blue" title="Owners and managers only">
          Ask an owner or manager of {session.organization.name} to see which agents are connected.
        </Alert>
      </Stack>
    );
  }
  return <ManagerView />;
}

function ManagerView() {
  const session = useSignedInSession();
  const connections = useConnectedAgents();
  const identities = useUnattributedIdentities();
  const linkAfterInvite = useLinkIdentity();
  const [linking, setLinking] = useState<TelemetryIdentity | null>(null);
  const [inviting, setInviting] = useState<TelemetryIdentity | null>(null);

  return (
    <Stack>
      <PageHeader
        title="Connected agents"
        description={`Telemetry received today (UTC) per agent and sender, live: refreshed every ${CONNECTIONS_REFRESH_MS / 1000} s, without waiting for the daily analytics.`}
      />

      <Paper withBorder p="md" component="section" aria-labelledby="connections-heading">
        <Stack>
          <Title order={2} size="h3" id="connections-heading">
            Today
          </Title>
          {connections.isPending ? (
            <LoadingState label="Loading connections" />
          ) : connections.isError ? (
            <ErrorState error={connections.error} onRetry={() => void connections.refetch()} />
          ) : connections.data.connections.length === 0 ? (
            <EmptyState title="No agent has sent data today">Set one up below: it shows here within a minute of its first export.</EmptyState>
          ) : (
            <ConnectionsTable connections={connections.data.connections} />
          )}
        </Stack>
      </Paper>

      {connections.isSuccess && connections.data.versions.length > 0 && <VersionsPanel versions={connections.data.versions} />}

      <Paper withBorder p="md" component="section" aria-labelledby="identities-heading">
        <Stack>
          <div>
            <Title order={2} size="h3" id="identities-heading">
              Unattributed identities
            </Title>
            <Text size="sm" c="dimmed">
              E-mails, accounts and installations no member matches. Their data is kept and counts once you link them to a member (or invite the person).
            </Text>
          </div>
          <ActionError error={linkAfterInvite.error} />
          {identities.isPending ? (
            <LoadingState label="Loading identities" />
          ) : identities.isError ? (
            <ErrorState error={identities.error} onRetry={() => void identities.refetch()} />
          ) : identities.data.length === 0 ? (
            <EmptyState title="Every identity counts for a member" />
          ) : (
            <IdentitiesTable identities={identities.data} onLink={setLinking} onInvite={setInviting} />
          )}
        </Stack>
      </Paper>

      <SetupPanel apiUrl={session.apiUrl} />

      <LinkIdentityModal identity={linking} onClose={() => setLinking(null)} />
      <InviteMemberModal
        key={inviting?.id ?? 'none'}
        opened={inviting !== null}
        onClose={() => setInviting(null)}
        actorRole={session.user.role}
        {...(inviting ? { email: inviting.value } : {})}
        onAdded={(user) => inviting && linkAfterInvite.mutate({ identityId: inviting.id, userId: user.id })}
      />
    </Stack>
  );
}
