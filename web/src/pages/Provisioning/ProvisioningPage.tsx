import { OwnersOnly } from '../../components/ManagersOnly';
import { Button, Code, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useRevokeScimToken, useScimTokens } from '../../api/useScimTokens';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { SecretValue } from '../../components/SecretValue';
import { useSignedInSession } from '../../components/SessionContext';
import { useDialog } from '../../components/useDialog';
import { formatDate, formatDateTime } from '../../format';
import { CreateTokenModal } from './CreateTokenModal';
import { ScrollTable } from '../../components/ScrollTable';

type ScimToken = { id: string; name: string; prefix: string; createdAt: number; lastUsedAt: number | null };

/** /settings/provisioning (owners) — SCIM: the base URL for the identity provider, and its tokens. */
export function ProvisioningPage() {
  return (
    <OwnersOnly title="Provisioning is set up by owners" ask="to connect your identity provider">
      <ManageProvisioning />
    </OwnersOnly>
  );
}

function ManageProvisioning() {
  const session = useSignedInSession();
  const tokens = useScimTokens();
  const revoke = useRevokeScimToken();
  const [creating, setCreating] = useState(false);
  const { target: revoking, open: setRevoking, close: closeRevoke } = useDialog<ScimToken>(revoke);
  const baseUrl = tokens.data?.scimBaseUrl ?? `${session.apiUrl.replace(/\/+$/, '')}/scim/v2`;

  return (
    <Stack>
      <PageHeader
        title="Provisioning"
        description={<>Your identity provider (Okta, Microsoft Entra ID) creates, updates and deactivates the members of {session.organization.name} through SCIM 2.0, and keeps its groups as teams.</>}
        action={<Button onClick={() => setCreating(true)}>Create SCIM token</Button>}
      />
      <SecretValue label="SCIM base URL" value={baseUrl} />
      <Text size="sm" c="dimmed">
        Paste it into the provider (Okta: SCIM connector base URL; Entra ID: Tenant URL) with a token below. Deactivating a person there ends their console sessions and stops their API
        keys and computers at once; see docs/scim.md.
      </Text>

      {tokens.isPending ? (
        <LoadingState label="Loading SCIM tokens" />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.scimTokens.length === 0 ? (
        <EmptyState title="No SCIM tokens yet">Create one for each identity provider that provisions your members.</EmptyState>
      ) : (
        <ScrollTable minWidth={320}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <ColumnHeads columns={['Name', { label: 'Token', wideOnly: true }, { label: 'Created', wideOnly: true }, 'Last used', { label: 'Actions', labelHidden: true }]} />
            <Table.Tbody>
              {tokens.data.scimTokens.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {token.name}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Code>{token.prefix}…</Code>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{formatDate(token.createdAt)}</Table.Td>
                  <Table.Td>{formatDateTime(token.lastUsedAt, 'Never')}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" color="red" onClick={() => setRevoking(token)} aria-label={`Revoke SCIM token ${token.name} (${token.prefix})`}>
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}

      <CreateTokenModal opened={creating} onClose={() => setCreating(false)} baseUrl={baseUrl} />
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke this SCIM token?"
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        error={revoke.error}
        onClose={closeRevoke}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: closeRevoke })}
      >
        {revoking && `“${revoking.name}” (${revoking.prefix}…) stops working at once: the identity provider can no longer provision until it has a new token.`}
      </ConfirmModal>
    </Stack>
  );
}
