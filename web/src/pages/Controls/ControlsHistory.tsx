import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useControlsHistory, useRevisionDiff, useSaveControls, type Settings } from '../../api/useEnterpriseControls';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { ConfirmModal } from '../../components/ConfirmModal';
import { mergePatch } from './mergePatch';
import { ColumnHeads } from '../../components/ColumnHeads';
import { formatDateTime } from '../../format';
import { changeLabel, changeValue } from './controlsFields';

type Change = NonNullable<ReturnType<typeof useControlsHistory>['data']>['pages'][number]['changes'][number];


function RevisionChanges({ revision }: { revision: number }) {
  const diff = useRevisionDiff(revision, true);
  if (diff.isPending) return <LoadingState label="Loading the changes" />;
  if (diff.isError) return <ErrorState error={diff.error} />;
  if (diff.data.changes.length === 0) return <Text size="sm">No change.</Text>;
  return (
    <Table aria-label={`Changes of revision ${revision}`}>
      <ColumnHeads columns={['Setting', 'Before', 'After']} />
      <Table.Tbody>
        {diff.data.changes.map((change) => (
          <Table.Tr key={change.path}>
            <Table.Td>
              <Text size="sm" title={change.path}>
                {changeLabel(change.path)}
              </Text>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{changeValue(change.path, change.old)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{changeValue(change.path, change.new)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Revisions newest first, a page at a time, each with its changes and a way back to it. */
export function ControlsHistory({ current }: { current: { settings: Settings; revision: number } }) {
  const history = useControlsHistory();
  const save = useSaveControls();
  // ?revision=N (the audit log links a controls change here) opens that revision's changes.
  const [params] = useSearchParams();
  const linked = Number(params.get('revision'));
  const [open, setOpen] = useState<number | null>(Number.isInteger(linked) && linked > 0 ? linked : null);
  const [restoring, setRestoring] = useState<Change | null>(null);
  const changes = history.data?.pages.flatMap((page) => page.changes) ?? [];
  const close = () => {
    save.reset();
    setRestoring(null);
  };
  return (
    <Stack component="section" aria-label="History">
      <Title order={2} size="h3">
        History
      </Title>
      {history.isPending ? (
        <LoadingState label="Loading the history" />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : changes.length === 0 ? (
        <EmptyState title="No changes yet" />
      ) : (
        <Stack gap="xs">
          {open !== null && !changes.some((change) => change.revision === open) && (
            <Stack gap={4} p="xs" id={`revision-${open}`} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Text size="sm">
                <strong>Revision {open}</strong>
              </Text>
              <RevisionChanges revision={open} />
            </Stack>
          )}
          {changes.map((change) => (
            <Stack key={change.revision} id={`revision-${change.revision}`} gap={4} p="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Group justify="space-between" wrap="wrap">
                <Text size="sm">
                  {/* The author by name (an empty name is no name: the e-mail then), the console's date format. */}
                  <strong>Revision {change.revision}</strong> · {formatDateTime(Date.parse(change.updatedAt))} · {change.user ? `by ${change.user.name || change.user.email}` : 'the organization as created'}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setOpen(open === change.revision ? null : change.revision)} aria-expanded={open === change.revision}>
                    {open === change.revision ? 'Hide changes' : 'Show changes'}
                  </Button>
                  {change.revision !== current.revision && (
                    <Button size="xs" variant="light" onClick={() => setRestoring(change)}>
                      Restore revision {change.revision}
                    </Button>
                  )}
                </Group>
              </Group>
              {open === change.revision && <RevisionChanges revision={change.revision} />}
            </Stack>
          ))}
          {history.hasNextPage && (
            <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage} w="fit-content">
              Older revisions
            </Button>
          )}
        </Stack>
      )}
      <ConfirmModal
        opened={restoring !== null}
        title={`Restore revision ${restoring?.revision ?? ''}?`}
        confirmLabel="Restore"
        pending={save.isPending}
        error={save.error}
        onClose={close}
        onConfirm={() => restoring && save.mutate({ patch: mergePatch(current.settings, restoring.settings), revision: current.revision }, { onSuccess: close })}
      >
        The controls become those of revision {restoring?.revision}, saved as a new revision; the history keeps every revision.
      </ConfirmModal>
    </Stack>
  );
}
