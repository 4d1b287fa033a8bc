import { Alert, Badge, Button, Card, Group, Modal, NumberInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { isManager } from '../../api/client';
import { usePrices, useSetModelPrice, useSetPriceSettings, type ModelPrices } from '../../api/usePrices';
import { ColumnHeads } from '../../components/ColumnHeads';
import { PageHeader } from '../../components/PageHeader';
import { ActionError, ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { formatDay, formatMoney } from '../../format';
import { FormActions } from '../../components/FormActions';
import { ScrollTable } from '../../components/ScrollTable';

type Table = NonNullable<ReturnType<typeof usePrices>['data']>;
type Model = Table['models'][number];

const KINDS = [
  { key: 'input', label: 'Input' },
  { key: 'output', label: 'Output' },
  { key: 'cacheRead', label: 'Cache read' },
  { key: 'cacheWrite', label: 'Cache write' },
] as const;

const SOURCES = { organization: { label: 'Your price', color: 'blue' }, dataset: { label: 'Dataset', color: 'gray' } } as const;

/** /settings/prices — what the organization pays per million tokens of each model; owners and managers change it. */
export default function PricesPage() {
  const { user, organization } = useSignedInSession();
  if (user.role === 'guest') {
    return (
      <Alert color="blue" title="Prices are for members">
        Ask an owner or manager of {organization.name} what the organization pays for its models.
      </Alert>
    );
  }
  return <Prices editable={isManager(user.role)} />;
}

function Prices({ editable }: { editable: boolean }) {
  const prices = usePrices();
  const [editing, setEditing] = useState<string | null>(null);
  if (prices.isPending) return <LoadingState label="Loading prices" />;
  if (prices.isError) return <ErrorState error={prices.error} />;
  const table = prices.data;
  const current = table.models.find((model) => model.modelId === editing);
  return (
    <Stack>
      <PageHeader
        title="Prices"
        description="What the organization pays per million tokens of each model. Analytics show the cost of every model call at these prices, beside its Standard Credits. A change recomputes the costs of every past day within minutes."
      />
      <Settings table={table} editable={editable} />
      {table.unpricedModels.length > 0 && (
        <Alert color="blue" title={`${table.unpricedModels.length} ${table.unpricedModels.length === 1 ? 'model has' : 'models have'} no price`}>
          Their calls have no cost in the analytics, which name them wherever a total leaves them out: {table.unpricedModels.join(', ')}.
          {editable ? ' Set a price below.' : ' An owner or manager can set one.'}
        </Alert>
      )}
      <Card withBorder component="section" aria-label="Model prices">
        <Title order={2} size="h4" mb="xs">
          Models
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          List prices per million tokens in {table.currency}, before the discount of {formatDiscount(table.discount)}. Models your agents called, and models you priced.
        </Text>
        {table.models.length === 0 ? (
          <Text size="sm">No model calls yet. Prices of the dataset apply as soon as agents call its models.</Text>
        ) : (
          <ScrollTable minWidth={820}>
            <Table striped aria-label="Prices per model">
              <ColumnHeads columns={['Model', 'Price from', ...KINDS.map(({ label }) => ({ label, numeric: true })), 'Last used', ...(editable ? [{ label: 'Actions', labelHidden: true }] : [])]} />
              <Table.Tbody>
                {table.models.map((model) => (
                  <ModelRow key={model.modelId} model={model} currency={table.currency} editable={editable} onEdit={() => setEditing(model.modelId)} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        <SetPrice table={table} editable={editable} onOpen={setEditing} />
      </Card>
      <Text size="xs" c="dimmed">
        Default prices: the maintained price dataset {table.dataset.package} {table.dataset.version}, list prices in USD of the major vendors' current models; they apply when the currency is USD.
      </Text>
      <EditPrice model={editing} current={current} currency={table.currency} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function formatDiscount(discount: number): string {
  if (discount === 1) return 'none (list prices)';
  const percent = Math.round(Math.abs(1 - discount) * 1000) / 10;
  return `× ${discount} (${percent} % ${discount < 1 ? 'off' : 'surcharge'})`;
}

function ModelRow({ model, currency, editable, onEdit }: { model: Model; currency: string; editable: boolean; onEdit: () => void }) {
  const reset = useSetModelPrice();
  const source = model.source ? SOURCES[model.source] : undefined;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {model.modelId}
        </Text>
      </Table.Td>
      <Table.Td>{source ? <Badge color={source.color} variant="light">{source.label}</Badge> : <Badge color="red.9">No price</Badge>}</Table.Td>
      {KINDS.map(({ key }) => (
        <Table.Td key={key} ta="right">
          {model.prices ? formatMoney(model.prices[key], currency) : '—'}
        </Table.Td>
      ))}
      <Table.Td>{model.lastUsed ? formatDay(model.lastUsed) : 'never'}</Table.Td>
      {editable && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={onEdit} aria-label={`Set the price of ${model.modelId}`}>
              Set price
            </Button>
            {model.source === 'organization' && (
              <Button size="xs" variant="subtle" color="gray" loading={reset.isPending} onClick={() => reset.mutate({ modelId: model.modelId, prices: null })} aria-label={`Remove your price of ${model.modelId}`}>
                Remove
              </Button>
            )}
          </Group>
          <ActionError error={reset.error} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function Settings({ table, editable }: { table: Table; editable: boolean }) {
  const save = useSetPriceSettings();
  const [currency, setCurrency] = useState(table.currency);
  const [discount, setDiscount] = useState<string | number>(table.discount);
  return (
    <Card withBorder component="section" aria-label="Currency and discount">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ currency: currency.trim().toUpperCase(), discount: Number(discount) });
        }}
      >
        <Group align="flex-end">
          <TextInput label="Currency" description="ISO 4217 code; the dataset's prices apply in USD only" value={currency} onChange={(event) => setCurrency(event.currentTarget.value)} w={220} maxLength={3} disabled={!editable} />
          <NumberInput label="Discount factor" description="Applied to every price: 0.8 is 20 % off" min={0} max={10} step={0.05} decimalScale={6} value={discount} onChange={setDiscount} w={260} disabled={!editable} />
          {editable && (
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          )}
        </Group>
      </form>
      <ActionError error={save.error} />
    </Card>
  );
}

/** A price for a model not in the table yet (one the agents have not called). */
function SetPrice({ table, editable, onOpen }: { table: Table; editable: boolean; onOpen: (modelId: string) => void }) {
  const [modelId, setModelId] = useState('');
  if (!editable) return null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (modelId.trim()) onOpen(modelId.trim());
      }}
    >
      <Group align="flex-end" mt="sm">
        <TextInput label="Another model" description={`As your agents name it, e.g. ${table.models[0]?.modelId ?? 'claude-sonnet-4-5'}`} value={modelId} onChange={(event) => setModelId(event.currentTarget.value)} w={320} />
        <Button type="submit" variant="default">
          Set its price
        </Button>
      </Group>
    </form>
  );
}

function EditPrice({ model, current, currency, onClose }: { model: string | null; current: Model | undefined; currency: string; onClose: () => void }) {
  const set = useSetModelPrice();
  const [values, setValues] = useState<Record<string, string | number>>({});
  const close = () => {
    set.reset();
    setValues({});
    onClose();
  };
  const valueOf = (key: keyof ModelPrices) => values[key] ?? current?.prices?.[key] ?? '';
  return (
    <Modal opened={model !== null} onClose={close} title={`Price of ${model ?? ''}`} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const prices = Object.fromEntries(KINDS.map(({ key }) => [key, Number(valueOf(key) === '' ? NaN : valueOf(key))])) as ModelPrices;
          set.mutate({ modelId: model!, prices }, { onSuccess: close });
        }}
      >
        <Text size="sm" c="dimmed" mb="sm">
          List prices in {currency} per million tokens; the organization's discount applies on top.
        </Text>
        <SimpleGrid cols={2}>
          {KINDS.map(({ key, label }) => (
            <NumberInput key={key} label={`${label} (${currency} / million tokens)`} min={0} decimalScale={6} value={valueOf(key)} onChange={(value) => setValues({ ...values, [key]: value })} required />
          ))}
        </SimpleGrid>
        <ActionError error={set.error} />
        <FormActions onCancel={close} submitLabel="Save price" pending={set.isPending} mt="md" />
      </form>
    </Modal>
  );
}
