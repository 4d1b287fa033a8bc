import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { isManager } from '../../api/client';
import { useAgentSessions } from '../../api/useAgentSessions';
import { useMembers } from '../../api/useMembers';
import { useTeams } from '../../api/useTeams';
import { AgentSessionTable } from '../../components/AgentSessionTable';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { AGENTS, FILTER_NAMES, SORTS, queryOf, type FilterName } from './filters';
import { usePersonName } from './usePersonName';

/** /agent-sessions — the organization's agent sessions (a member's own), filtered, sorted and paged. */
export default function AgentSessionsPage() {
  const { user, organization } = useSignedInSession();
  if (user.role === 'guest') {
    return (
      <Alert color="blue" title="Agent sessions are for members">
        Guests of {organization.name} do not see the agents' sessions.
      </Alert>
    );
  }
  return <Explorer manager={isManager(user.role)} />;
}

function Explorer({ manager }: { manager: boolean }) {
  const [params, setParams] = useSearchParams();
  const { query, problem } = queryOf(params);
  const sessions = useAgentSessions(query, 20, problem === null);
  const members = useMembers(manager);
  const teams = useTeams(manager);
  const personOf = usePersonName();
  const value = (name: FilterName) => params.get(name) ?? '';
  // Every change is a new history entry (no `replace`): the back button undoes a filter. Built on
  // the address as it is now, not as this render saw it: two changes before a render (Enter in one
  // field, then leaving another) must both stay.
  const setFilter = (name: FilterName, next: string) =>
    setParams(() => {
      const updated = new URLSearchParams(window.location.search);
      if (next.trim() === '') updated.delete(name);
      else updated.set(name, next.trim());
      return updated;
    });
  const filtered = FILTER_NAMES.some((name) => name !== 'sort' && params.has(name));
  const rows = sessions.data?.pages.flatMap((page) => page.agentSessions) ?? [];

  return (
    <Stack>
      <PageHeader
        title="Agent sessions"
        description={
          manager
            ? 'Every session the agents’ own telemetry named: its cost, calls, errors and the waste found in it. Days are UTC, by the session’s start.'
            : 'Your agents’ sessions: their cost, calls, errors and the waste found in them. Days are UTC, by the session’s start.'
        }
      />
      <SimpleGrid cols={{ base: 2, md: 4 }} component="form" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
        <TextInput label="Started from" type="date" value={value('startDate')} onChange={(event) => setFilter('startDate', event.currentTarget.value)} />
        <TextInput label="Started until" type="date" value={value('endDate')} onChange={(event) => setFilter('endDate', event.currentTarget.value)} />
        {manager && (
          <NativeSelect
            label="Person"
            value={value('user')}
            onChange={(event) => setFilter('user', event.currentTarget.value)}
            data={[{ value: '', label: 'Everyone' }, ...optionsWith(value('user'), (members.data ?? []).map((member) => ({ value: member.id, label: member.name ?? member.email })))]}
          />
        )}
        {manager && (
          <NativeSelect
            label="Team"
            value={value('team')}
            onChange={(event) => setFilter('team', event.currentTarget.value)}
            data={[{ value: '', label: 'Every team' }, ...optionsWith(value('team'), (teams.data ?? []).map((team) => ({ value: team.id, label: team.name })))]}
          />
        )}
        <CommittedInput label="Repository" placeholder="host/owner/name or URL" value={value('repository')} onCommit={(next) => setFilter('repository', next)} />
        <NativeSelect label="Agent" value={value('agent')} onChange={(event) => setFilter('agent', event.currentTarget.value)} data={[{ value: '', label: 'Every agent' }, ...optionsWith(value('agent'), [...AGENTS])]} />
        <CommittedInput label="Model" placeholder="e.g. claude-sonnet-4-5" value={value('model')} onCommit={(next) => setFilter('model', next)} />
        <CommittedInput label="Cost above" placeholder="0.00" inputMode="decimal" value={value('costAbove')} onCommit={(next) => setFilter('costAbove', next)} />
        <NativeSelect
          label="Waste"
          value={value('flagged')}
          onChange={(event) => setFilter('flagged', event.currentTarget.value)}
          data={[
            { value: '', label: 'Any session' },
            { value: 'true', label: 'Waste found' },
            { value: 'false', label: 'No waste found' },
          ]}
        />
        <NativeSelect label="Sort by" value={value('sort') || 'start'} onChange={(event) => setFilter('sort', event.currentTarget.value === 'start' ? '' : event.currentTarget.value)} data={[...SORTS]} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={() => setParams(new URLSearchParams())} disabled={!filtered && !params.has('sort')}>
          Clear filters
        </Button>
      </Group>
      {problem !== null ? (
        <Alert color="red" role="alert" title="These filters cannot be used">
          {problem}
        </Alert>
      ) : sessions.isPending ? (
        <LoadingState label="Loading the agent sessions" />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={filtered ? 'No session matches these filters' : 'No agent session yet'}>
          {filtered ? 'Clear a filter to see more.' : 'Sessions appear as the agents export their telemetry with a session id (docs/otel.md).'}
        </EmptyState>
      ) : (
        <>
          <AgentSessionTable sessions={rows} personOf={manager ? personOf : undefined} label="Agent sessions" />
          {sessions.hasNextPage && (
            <Group justify="center">
              <Button variant="default" onClick={() => void sessions.fetchNextPage()} loading={sessions.isFetchingNextPage}>
                More sessions
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/** The options, with the address's value kept when it is not among them (an id from a shared link). */
function optionsWith(current: string, options: { value: string; label: string }[]) {
  return current === '' || options.some((option) => option.value === current) ? options : [...options, { value: current, label: current }];
}

/**
 * A text filter sent when the person is done (Enter or leaving the field), not at each key: each
 * change is a request and a history entry. Keyed by the address's value, so the back button
 * shows the value it returns to.
 */
function CommittedInput({ value, onCommit, ...props }: { value: string; onCommit: (value: string) => void; label: ReactNode; placeholder: string; inputMode?: 'decimal' }) {
  return <CommittedField key={value} initial={value} onCommit={onCommit} {...props} />;
}

function CommittedField({ initial, onCommit, ...props }: { initial: string; onCommit: (value: string) => void; label: ReactNode; placeholder: string; inputMode?: 'decimal' }) {
  const [draft, setDraft] = useState(initial);
  const commit = () => {
    if (draft.trim() !== initial) onCommit(draft);
  };
  return (
    <TextInput
      {...props}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
