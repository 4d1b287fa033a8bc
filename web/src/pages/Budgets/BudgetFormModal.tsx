import { Modal, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../../components/FormActions';
import { useState, type FormEvent } from 'react';
import type { Budget } from '../../api/client';
import { ActionError } from '../../components/QueryState';
import { parseThresholds } from './budgetFigures';

export interface BudgetForm {
  /** 'organization', or a team's id. */
  scope: string;
  unit: Budget['unit'];
  amount: number;
  thresholds: number[];
}

/** A new budget (for the organization or a team without one), or a budget's amount and thresholds. */
export function BudgetFormModal(props: {
  title: string;
  submitLabel: string;
  /** Editing: the budget (its scope and unit stay). */
  budget: Budget | null;
  /** Creating: the scopes that have no budget yet. */
  scopes: { value: string; label: string }[];
  currency: string;
  pending: boolean;
  error: unknown;
  onSubmit: (form: BudgetForm) => void;
  onClose: () => void;
}) {
  const [scope, setScope] = useState(props.budget ? (props.budget.teamId ?? 'organization') : (props.scopes[0]?.value ?? 'organization'));
  const [unit, setUnit] = useState<Budget['unit']>(props.budget?.unit ?? 'money');
  const [amount, setAmount] = useState<string | number>(props.budget?.amount ?? '');
  const [thresholds, setThresholds] = useState((props.budget?.thresholds ?? [50, 80, 100]).join(', '));
  const parsed = parseThresholds(thresholds);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed && amount !== '') props.onSubmit({ scope, unit, amount: Number(amount), thresholds: parsed });
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened onClose={props.onClose} title={props.title} centered>
      <form onSubmit={submit}>
        <Stack>
          <ActionError error={props.error} />
          {!props.budget && (
            <>
              <NativeSelect label="For" data={props.scopes} value={scope} onChange={(event) => setScope(event.currentTarget.value)} />
              <NativeSelect
                label="In"
                data={[
                  { value: 'money', label: `Money (${props.currency}, at your prices)` },
                  { value: 'credits', label: 'Standard Credits' },
                ]}
                value={unit}
                onChange={(event) => setUnit(event.currentTarget.value as Budget['unit'])}
              />
            </>
          )}
          <NumberInput label={`Amount per month (${unit === 'money' ? props.currency : 'Standard Credits'})`} required min={0} decimalScale={unit === 'money' ? 2 : 0} value={amount} onChange={setAmount} data-autofocus />
          <TextInput
            label="Thresholds (% of the amount)"
            description="Each is announced once a month (webhook event and e-mail) when the spend reaches it"
            value={thresholds}
            onChange={(event) => setThresholds(event.currentTarget.value)}
            error={parsed ? undefined : 'Whole percentages separated by commas, e.g. 50, 80, 100'}
          />
          <FormActions onCancel={props.onClose} submitLabel={props.submitLabel} pending={props.pending} disabled={!parsed || amount === '' || Number(amount) <= 0} />
        </Stack>
      </form>
    </Modal>
  );
}
