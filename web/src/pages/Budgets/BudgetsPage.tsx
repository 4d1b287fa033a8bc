import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Budget } from '../../api/client';
import { useBudgets, useCreateBudget, useDeleteBudget, useUpdateBudget } from '../../api/useBudgets';
import { usePrices } from '../../api/usePrices';
import { useTeams } from '../../api/useTeams';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useDialog } from '../../components/useDialog';
import { ManagersOnly } from '../../components/ManagersOnly';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { BudgetFormModal, type BudgetForm } from './BudgetFormModal';
import { StandingBadge, StandingWords } from '../../components/Standing';
import { budgetStanding, formatBudgetAmount } from './budgetFigures';
import { ScrollTable } from '../../components/ScrollTable';

/** /settings/budgets — owner and manager: monthly budgets of the organization and its teams. */
export default function BudgetsPage() {
  return (
    <ManagersOnly title="Budgets are managed by owners and managers" ask="about the organization's budgets">
      <ManageBudgets />
    </ManagersOnly>
  );
}

function ManageBudgets() {
  const budgets = useBudgets();
  const teams = useTeams();
  const prices = usePrices();
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const remove = useDeleteBudget();
  const { target: creating, open: setCreating, close: closeCreate } = useDialog<true>(create);
  const { target: editing, open: setEditing, close: closeEdit } = useDialog<Budget>(update);
  const { target: deleting, open: setDeleting, close: closeDelete } = useDialog<Budget>(remove);
  const currency = prices.data?.currency ?? 'USD';
  const teamName = (teamId: string | null) => (teamId === null ? 'The organization' : `Team ${teams.data?.find((team) => team.id === teamId)?.name ?? teamId}`);
  const taken = new Set((budgets.data ?? []).map((budget) => budget.teamId ?? 'organization'));
  const scopes = [{ value: 'organization', label: 'The organization' }, ...(teams.data ?? []).map((team) => ({ value: team.id, label: `Team ${team.name}` }))].filter((scope) => !taken.has(scope.value));
  const submitCreate = (form: BudgetForm) =>
    create.mutate(
      { ...(form.scope === 'organization' ? { scope: 'organization' } : { scope: 'team', teamId: form.scope }), unit: form.unit, amount: form.amount, thresholds: form.thresholds },
      { onSuccess: closeCreate },
    );

  return (
    <Stack>
      <PageHeader
        title="Budgets"
        description="A monthly amount for the organization or a team, in money at your prices or in Standard Credits. Budgets warn — a webhook event and an e-mail at each threshold, once a month — and never refuse: members' credit limits do that."
        action={
          <Button onClick={() => setCreating(true)} disabled={scopes.length === 0}>
            Add budget
          </Button>
        }
      />
      {budgets.isPending ? (
        <LoadingState label="Loading budgets" />
      ) : budgets.isError ? (
        <ErrorState error={budgets.error} onRetry={() => void budgets.refetch()} />
      ) : budgets.data.length === 0 ? (
        <EmptyState title="No budgets yet">Add one for the organization, then for teams.</EmptyState>
      ) : (
        <ScrollTable minWidth={640}>
          <Table striped verticalSpacing="sm" aria-label="Budgets">
            <ColumnHeads columns={['Budget', { label: 'Spent this month', numeric: true }, { label: 'Forecast', numeric: true }, { label: 'Amount', numeric: true }, { label: 'Thresholds', wideOnly: true }, { label: 'Actions', labelHidden: true }]} />
            <Table.Tbody>
              {budgets.data.map((budget) => (
                <Table.Tr key={budget.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {teamName(budget.teamId)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {budget.unit === 'money' ? `money (${budget.currency})` : 'Standard Credits'} · {budget.month}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <StandingBadge of={budgetStanding(budget)} />
                      <Text size="sm">{formatBudgetAmount(budget, budget.spent)}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatBudgetAmount(budget, budget.forecast)}
                    <StandingWords of={budgetStanding(budget)} what="budget" />
                  </Table.Td>
                  <Table.Td ta="right">{formatBudgetAmount(budget, budget.amount)}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">
                      {budget.thresholds.map((threshold) => `${threshold} %${budget.crossings.some((crossing) => crossing.threshold === threshold) ? ' (sent)' : ''}`).join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setEditing(budget)} aria-label={`Edit the budget of ${teamName(budget.teamId)}`}>
                        Edit
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(budget)} aria-label={`Delete the budget of ${teamName(budget.teamId)}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {creating && <BudgetFormModal title="Add a budget" submitLabel="Add budget" budget={null} scopes={scopes} currency={currency} pending={create.isPending} error={create.error} onClose={closeCreate} onSubmit={submitCreate} />}
      {editing && (
        <BudgetFormModal
          title={`Budget of ${teamName(editing.teamId)}`}
          submitLabel="Save"
          budget={editing}
          scopes={[]}
          currency={editing.currency ?? currency}
          pending={update.isPending}
          error={update.error}
          onClose={closeEdit}
          onSubmit={(form) => update.mutate({ budgetId: editing.id, changes: { amount: form.amount, thresholds: form.thresholds } }, { onSuccess: closeEdit })}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this budget?"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        {deleting && `${teamName(deleting.teamId)} has no budget any more: no more threshold events or e-mails for it. Usage and limits are not affected.`}
      </ConfirmModal>
    </Stack>
  );
}
