import { OwnersOnly } from '../../components/ManagersOnly';
import { Button, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { AUDIT_ACTIONS } from '../../../../src/sdk/audit-actions.js';
import type { AuditAction } from '../../api/client';
import { fetchAuditCsv, useAuditLog } from '../../api/useAuditLog';
import { useMembers } from '../../api/useMembers';
import { useTeams } from '../../api/useTeams';
import { nameOf } from '../../components/people';
import { PageHeader } from '../../components/PageHeader';
import { ActionError, EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { saveFile } from '../../components/saveFile';
import { useSignedInSession } from '../../components/SessionContext';
import { AuditEntries } from './AuditEntries';
import { EMPTY_FORM, csvFileName, filtersOf, rangeProblem, type FilterForm } from './filters';

/** /settings/audit-log — owners: who changed what, when and from where, filtered, paged and as CSV. */
export default function AuditLogPage() {
  const { organization } = useSignedInSession();
  return (
    <OwnersOnly title="The audit log is for owners" ask="for what you need from it">
      <OwnersAuditLog organizationName={organization.name} />
    </OwnersOnly>
  );
}

function OwnersAuditLog({ organizationName }: { organizationName: string }) {
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const problem = rangeProblem(form);
  const filters = filtersOf(form);
  const log = useAuditLog(filters, problem === null);
  const members = useMembers();
  const teams = useTeams();
  // Ids in entries named as they are now: members by name, teams by name.
  const names = useMemo(() => new Map<string, string>([...(members.data ?? []).map((member) => [member.id, nameOf(member)] as const), ...(teams.data ?? []).map((team) => [team.id, team.name] as const)]), [members.data, teams.data]);
  const [download, setDownload] = useState<{ pending: boolean; error: unknown }>({ pending: false, error: null });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  const downloadCsv = async () => {
    setDownload({ pending: true, error: null });
    try {
      saveFile(csvFileName(form), await fetchAuditCsv(filters));
      setDownload({ pending: false, error: null });
    } catch (error) {
      setDownload({ pending: false, error });
    }
  };

  return (
    <Stack>
      <PageHeader
        title="Audit log"
        description={<>Who changed what in {organizationName}, when and from where — newest first.</>}
        action={
          <Button variant="default" onClick={() => void downloadCsv()} loading={download.pending} disabled={problem !== null}>
            Download CSV
          </Button>
        }
      />
      <ActionError error={download.error} />

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} component="form" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
        <MultiSelect
          label="Actions"
          placeholder={form.actions.length === 0 ? 'Every action' : undefined}
          data={[...AUDIT_ACTIONS]}
          value={form.actions}
          onChange={(actions) => setForm({ ...form, actions: actions as AuditAction[] })}
          searchable
          clearable
        />
        <NativeSelect
          label="Actor"
          value={form.actorUserId}
          onChange={(event) => setForm({ ...form, actorUserId: event.currentTarget.value })}
          data={[{ value: '', label: 'Anyone' }, ...(members.data ?? []).map((member) => ({ value: member.id, label: nameOf(member) }))]}
        />
        <TextInput label="From" type="date" value={form.fromDate} onChange={(event) => setForm({ ...form, fromDate: event.currentTarget.value })} />
        <TextInput label="To" type="date" value={form.toDate} onChange={(event) => setForm({ ...form, toDate: event.currentTarget.value })} error={problem} />
      </SimpleGrid>
      <Group>
        <Button variant="subtle" size="xs" onClick={() => setForm(EMPTY_FORM)} disabled={form === EMPTY_FORM}>
          Clear filters
        </Button>
      </Group>

      {problem !== null ? null : log.isPending ? (
        <LoadingState label="Loading the audit log" />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="No entries">Nothing matches these filters.</EmptyState>
      ) : (
        <>
          <AuditEntries nameOf={(id) => names.get(id)} entries={entries} />
          {log.hasNextPage && (
            <Group justify="center">
              <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
                Older entries
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
