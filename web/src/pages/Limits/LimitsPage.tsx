import { ManagersOnly } from '../../components/ManagersOnly';
import { useMemberLimits } from '../../api/useBudgets';
import { Alert, Button, Card, FileButton, Group, Modal, NumberInput, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { type User } from '../../api/client';
import { useMonthCredits, useSetGlobalLimit, useSetUserLimits, useUserLimits, type LimitsAnswer } from '../../api/useCreditLimits';
import { useMembers } from '../../api/useMembers';
import { ActionError, ErrorState, LoadingState } from '../../components/QueryState';
import { compareNames, formatDay, formatExact } from '../../format';
import { monthToDate, parseBulk, type BulkRow } from './usage';
import { StandingBadge } from '../../components/Standing';
import { memberStanding } from '../Budgets/budgetFigures';
import { PageHeader } from '../../components/PageHeader';
import { ColumnHeads } from '../../components/ColumnHeads';
import { SortableHeads, type SortState } from '../../components/SortableHeads';
import { usePhone } from '../../components/usePhone';
import { OneMemberNote, useOneMember } from '../../components/OneMember';
import { FormActions } from '../../components/FormActions';
import { ScrollTable } from '../../components/ScrollTable';


type LimitSortKey = 'member' | 'used' | 'limit';

/** The wide table's heads: sortable by member, used and limit; "From" and "Reaches it" are read, not sorted. */
function LimitHeads({ sort, onSort }: { sort: SortState<LimitSortKey>; onSort: (next: SortState<LimitSortKey>) => void }) {
  return (
    <SortableHeads
      columns={[
        { key: 'member', label: 'Member' },
        { key: 'used', label: 'Used', numeric: true },
        { key: 'limit', label: 'Limit', numeric: true },
      ]}
      sort={sort}
      onSort={onSort}
      after={[{ label: 'From' }, { label: 'Reaches it' }, { label: 'Actions', hidden: true }]}
    />
  );
}

/** /settings/limits — owner and manager: monthly credit limits, their use and their edits. */
export default function LimitsPage() {
  return (
    <ManagersOnly title="Credit limits are managed by owners and managers" ask="about your monthly limit">
      <Limits />
    </ManagersOnly>
  );
}

function Limits() {
  const limits = useUserLimits();
  const members = useMembers();
  const month = monthToDate();
  const monthCredits = useMonthCredits(month && { startDate: month.startDate, endDate: month.endDate });
  const memberLimits = useMemberLimits();
  const [editing, setEditing] = useState<User | null>(null);
  const [sort, setSort] = useState<SortState<LimitSortKey>>({ key: 'member', descending: false });
  const phone = usePhone();
  // The member page links to one member's line.
  const { memberId, showEveryone } = useOneMember('member');
  if (limits.isPending || members.isPending) return <LoadingState label="Loading credit limits" />;
  if (limits.isError || members.isError) return <ErrorState error={limits.error ?? members.error} />;
  const overrides = new Map(limits.data.userLimits.map((entry) => [entry.email.toLowerCase(), entry]));
  // Members with a limit (own or global) carry the live counter; others the closed days of the month (analytics).
  const live = new Map((memberLimits.data?.members ?? []).map((entry) => [entry.userId, entry]));
  const usedOf = (member: User) => overrides.get(member.email.toLowerCase())?.used ?? live.get(member.id)?.used ?? monthCredits.data?.get(member.id) ?? 0;
  const limitOf = (member: User) => (overrides.get(member.email.toLowerCase())?.limit ?? limits.data.globalLimit ?? Infinity);
  const nameOf = (member: User) => member.name ?? member.email;
  // Sorted by the column asked, names in natural order (User 2 before User 10), ties by name.
  const direction = sort.descending ? -1 : 1;
  const byColumn = (a: User, b: User) =>
    sort.key === 'member' ? compareNames(nameOf(a), nameOf(b)) : sort.key === 'used' ? usedOf(a) - usedOf(b) : limitOf(a) === limitOf(b) ? 0 : limitOf(a) < limitOf(b) ? -1 : 1;
  const active = members.data.filter((member) => member.active).sort((a, b) => byColumn(a, b) * direction || compareNames(nameOf(a), nameOf(b)));
  const listed = memberId === null ? active : active.filter((member) => member.id === memberId);
  // Members the global limit applies to, with what they used: a lower global limit may cut them off.
  const underGlobal = active.filter((member) => !overrides.has(member.email.toLowerCase())).map((member) => ({ email: member.email, used: usedOf(member) }));
  return (
    <Stack>
      <PageHeader title="Credit limits" description="Standard Credits per UTC calendar month. A member's own limit overrides the global one; at the limit its agents are refused (402)." />
      <GlobalLimit limit={limits.data.globalLimit} members={underGlobal} />
      <Card withBorder component="section" aria-label="Members' limits">
        <Title order={2} size="h4" mb="xs">
          Members this month
        </Title>
        {memberId !== null && <OneMemberNote who={listed[0] && nameOf(listed[0])} what="limits" onShowEveryone={showEveryone} />}
        <ScrollTable minWidth={phone ? 0 : 720}>
          <Table striped aria-label="Members' credit limits">
            {phone ? (
              <SortableHeads columns={[{ key: 'member', label: 'Member' }]} sort={sort} onSort={setSort} after={[{ label: 'Actions', hidden: true }]} />
            ) : (
              <LimitHeads sort={sort} onSort={setSort} />
            )}
            <Table.Tbody>
              {listed.map((member) => {
                const override = overrides.get(member.email.toLowerCase());
                const used = usedOf(member);
                const limit = override ? override.limit : limits.data.globalLimit;
                // The live month of a member under a limit (its forecast too): the dashboard's figures and rule.
                const entry = live.get(member.id);
                const state = entry && memberStanding(entry);
                const usedCell = (
                  <Group gap={4} justify={phone ? 'flex-start' : 'flex-end'} wrap="nowrap">
                    {state && <StandingBadge of={state} />}
                    <Text size="sm">{formatExact(used)}</Text>
                  </Group>
                );
                const limitText = limit === null ? 'none' : formatExact(limit);
                const from = override ? 'own limit' : limits.data.globalLimit === null ? '—' : 'global limit';
                const reaches = !state ? '—' : state.level === 'reached' ? 'reached' : state.day ? formatDay(state.day) : 'not this month';
                return (
                  <Table.Tr key={member.id}>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {member.name ?? member.email}
                      </Text>
                      {member.name && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {member.email}
                        </Text>
                      )}
                      {phone && (
                        // On a phone the figures go under the name: six columns do not fit 390 px.
                        <Stack gap={2} mt={4}>
                          {usedCell}
                          <Text size="xs">
                            of {limitText}
                            {limit !== null && ` (${from})`} · reaches it: {reaches}
                          </Text>
                        </Stack>
                      )}
                    </Table.Td>
                    {!phone && (
                      <>
                        <Table.Td ta="right">{usedCell}</Table.Td>
                        <Table.Td ta="right">{limitText}</Table.Td>
                        <Table.Td>{from}</Table.Td>
                        <Table.Td>{reaches}</Table.Td>
                      </>
                    )}
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap={phone ? 'wrap' : 'nowrap'}>
                        <Button size="xs" variant="light" onClick={() => setEditing(member)} aria-label={`Edit the limit of ${member.email}`}>
                          Edit
                        </Button>
                        {override && <RemoveOverride email={member.email} />}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Card>
      <BulkEdit />
      <EditLimit member={editing} current={editing ? (overrides.get(editing.email.toLowerCase())?.limit ?? null) : null} used={editing ? usedOf(editing) : 0} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function GlobalLimit({ limit, members }: { limit: number | null; members: { email: string; used: number }[] }) {
  const save = useSetGlobalLimit();
  const [value, setValue] = useState<string | number>(limit ?? '');
  const cutOff = value === '' ? [] : members.filter((member) => member.used >= Number(value));
  return (
    <Card withBorder component="section" aria-label="Global limit">
      <Group align="flex-end">
        <NumberInput label="Global limit (credits per month)" description="For every member without an own limit" min={0} allowDecimal={false} value={value} onChange={setValue} w={260} />
        <Button onClick={() => save.mutate(value === '' ? null : Number(value))} loading={save.isPending} color={cutOff.length > 0 ? 'red' : undefined}>
          {cutOff.length > 0 ? 'Save and cut them off' : 'Save global limit'}
        </Button>
        {limit !== null && (
          <Button variant="default" onClick={() => save.mutate(null, { onSuccess: () => setValue('') })}>
            Remove global limit
          </Button>
        )}
      </Group>
      {cutOff.length > 0 && Number(value) !== limit && <CutOffWarning members={cutOff} limit={Number(value)} />}
      <ActionError error={save.error} />
    </Card>
  );
}

function RemoveOverride({ email }: { email: string }) {
  const set = useSetUserLimits();
  return (
    <Button size="xs" variant="light" color="red" loading={set.isPending} onClick={() => set.mutate([{ email, limit: null }])} aria-label={`Remove the own limit of ${email}`}>
      Remove
    </Button>
  );
}

function EditLimit({ member, current, used, onClose }: { member: User | null; current: number | null; used: number; onClose: () => void }) {
  const set = useSetUserLimits();
  const [value, setValue] = useState<string | number>('');
  const cutsOff = member !== null && value !== '' && used >= Number(value);
  const close = () => {
    set.reset();
    setValue('');
    onClose();
  };
  const entryError = set.data?.errors[0]?.error;
  return (
    <Modal opened={member !== null} onClose={close} title={`Monthly limit of ${member ? (member.name ?? member.email) : ''}`} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (member && value !== '') set.mutate([{ email: member.email, limit: Number(value) }], { onSuccess: (answer) => answer.errors.length === 0 && close() });
        }}
      >
        <Stack>
          <NumberInput label="Standard Credits per month" min={0} allowDecimal={false} placeholder={current === null ? 'no own limit' : String(current)} value={value} onChange={setValue} data-autofocus />
          {cutsOff && <CutOffWarning members={[{ email: member.email, used }]} limit={Number(value)} />}
          <ActionError error={set.error} />
          {entryError && (
            <Alert color="red" role="alert">
              {entryError}
            </Alert>
          )}
          <FormActions onCancel={close} submitLabel={cutsOff ? 'Save and cut off' : 'Save limit'} pending={set.isPending} disabled={value === ''} danger={cutsOff} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Before a limit at or below what members already used this month is saved: their agents are refused at once. */
function CutOffWarning({ members, limit }: { members: { email: string; used: number }[]; limit: number }) {
  const [first] = members;
  return (
    <Alert color="red" title="This cuts off at once" role="alert">
      {members.length === 1 && first
        ? `${first.email} has already used ${formatExact(first.used)} Standard Credits this month: with a limit of ${formatExact(limit)}, their agents are refused (402) from their next request until the month ends.`
        : `${members.length} members have already used ${formatExact(limit)} Standard Credits or more this month: their agents are refused (402) from their next request until the month ends.`}
    </Alert>
  );
}

/** Paste or upload `email,limit` lines; sent in batches of 100; each row's outcome beside it. */
function BulkEdit() {
  const set = useSetUserLimits();
  const [text, setText] = useState('');
  const [rows, setRows] = useState<BulkRow[]>([]);
  const [answer, setAnswer] = useState<LimitsAnswer | null>(null);
  const apply = () => {
    const parsed = parseBulk(text);
    setRows(parsed);
    setAnswer(null);
    const sendable = parsed.filter((row) => !row.error);
    if (sendable.length > 0) set.mutate(sendable.map(({ email, limit }) => ({ email, limit })), { onSuccess: setAnswer });
  };
  // Answers in order of sending: each e-mail's outcomes, consumed row by row.
  const outcomes = new Map<string, string[]>();
  for (const entry of answer?.updated ?? []) outcomes.set(entry.email.toLowerCase(), [...(outcomes.get(entry.email.toLowerCase()) ?? []), '']);
  for (const entry of answer?.errors ?? []) outcomes.set(entry.email.toLowerCase(), [...(outcomes.get(entry.email.toLowerCase()) ?? []), entry.error]);
  const outcomeOf = (row: BulkRow): { ok: boolean; text: string } | null => {
    if (row.error) return { ok: false, text: row.error };
    const queue = outcomes.get(row.email.toLowerCase());
    if (!queue || queue.length === 0) return null;
    const outcome = queue.shift()!;
    return outcome === '' ? { ok: true, text: row.limit === null ? 'own limit removed' : 'saved' } : { ok: false, text: outcome };
  };
  return (
    <Card withBorder component="section" aria-label="Bulk edit">
      <Title order={2} size="h4">
        Bulk edit
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        One member per line: <code>email,limit</code>; <code>none</code> removes the own limit. Sent in batches of 100.
      </Text>
      <Stack>
        <Textarea label="Limits (CSV)" value={text} onChange={(event) => setText(event.currentTarget.value)} autosize minRows={4} maxRows={12} placeholder={'email,limit\ndev@example.com,5000'} />
        <Group>
          <FileButton onChange={(file) => void file?.text().then(setText)} accept=".csv,text/csv,text/plain">
            {(props) => (
              <Button variant="default" {...props}>
                Upload CSV
              </Button>
            )}
          </FileButton>
          <Button onClick={apply} loading={set.isPending} disabled={text.trim() === ''}>
            Apply limits
          </Button>
        </Group>
        <ActionError error={set.error} />
        {rows.length > 0 && (answer || rows.every((row) => row.error)) && (
          <Table aria-label="Bulk edit results">
            <ColumnHeads columns={['Line', 'E-mail', 'Limit', 'Result']} />
            <Table.Tbody>
              {rows.map((row) => {
                const outcome = outcomeOf(row);
                return (
                  <Table.Tr key={row.line}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td>{row.limit ?? 'none'}</Table.Td>
                    <Table.Td>
                      {outcome && (
                        <Text size="sm" c={outcome.ok ? undefined : 'red.9'} fw={outcome.ok ? undefined : 600}>
                          {outcome.text}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
