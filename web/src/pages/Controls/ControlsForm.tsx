import { Alert, Button, Fieldset, Group, JsonInput, NumberInput, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, errorStatus } from '../../api/client';
import { useSaveControls, type Settings } from '../../api/useEnterpriseControls';
import { mergePatch } from './mergePatch';
import { ColumnHeads } from '../../components/ColumnHeads';
import { PolicySelect } from './PolicySelect';
import { DAYS, LISTS, SWITCHES } from './controlsFields';
import { ScrollTable } from '../../components/ScrollTable';

// The controls api.md names, as a form; every other property as JSON. Saving sends the merge
// patch from the settings as loaded to the edited ones, with If-Match: the loaded revision.

/** Properties the form edits; the JSON box holds the others. */
const FORM_KEYS = new Set([...SWITCHES.map((item) => item.key), ...LISTS.map((item) => item.key), ...DAYS.map((item) => item.key), 'sessionDefaultSettings', 'modelPolicy']);

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const listText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
const textList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Sets `key` of `object` to `value`; an empty value removes it. */
function withValue(object: Json, key: string, value: unknown): Json {
  const next = { ...object };
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
  else next[key] = value;
  return next;
}

export function ControlsForm({ settings, revision, onReload }: { settings: Settings; revision: number; onReload: () => void }) {
  const save = useSaveControls();
  const [draft, setDraft] = useState<Json>(settings);
  const [rest, setRest] = useState(() => JSON.stringify(Object.fromEntries(Object.entries(settings).filter(([key]) => !FORM_KEYS.has(key))), null, 2));
  const [restError, setRestError] = useState<string | null>(null);
  const sessionDefaults = asObject(draft.sessionDefaultSettings);
  const modelPolicy = asObject(draft.modelPolicy);
  const customModels = Array.isArray(settings.customModels) ? (settings.customModels as Json[]) : [];
  const stale = errorStatus(save.error) === 412;

  const submit = () => {
    let others: Json;
    try {
      others = asObject(JSON.parse(rest || '{}'));
    } catch {
      setRestError('Not valid JSON');
      return;
    }
    setRestError(null);
    const edited = { ...Object.fromEntries(Object.entries(draft).filter(([key]) => FORM_KEYS.has(key))), ...others };
    save.mutate({ patch: mergePatch(settings, edited), revision });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <Fieldset legend="Policies">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {SWITCHES.map((item) => (
              <PolicySelect key={item.key} label={item.label} value={draft[item.key]} unset={item.unset} onChange={(value) => setDraft(withValue(draft, item.key, value))} />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Session defaults">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Model" value={String(sessionDefaults.model ?? '')} onChange={(event) => setDraft(withValue(draft, 'sessionDefaultSettings', withValue(sessionDefaults, 'model', event.currentTarget.value)))} />
            <TextInput label="Spec mode model" value={String(sessionDefaults.specModeModel ?? '')} onChange={(event) => setDraft(withValue(draft, 'sessionDefaultSettings', withValue(sessionDefaults, 'specModeModel', event.currentTarget.value)))} />
            <PolicySelect label="Run sessions in a worktree" value={sessionDefaults.runInWorktree} unset="agent" onChange={(value) => setDraft(withValue(draft, 'sessionDefaultSettings', withValue(sessionDefaults, 'runInWorktree', value)))} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Model policy">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Allowed model ids (comma-separated)" value={listText(modelPolicy.allowedModelIds)} onChange={(event) => setDraft(withValue(draft, 'modelPolicy', withValue(modelPolicy, 'allowedModelIds', textList(event.currentTarget.value))))} />
            <TextInput label="Blocked model ids (comma-separated)" value={listText(modelPolicy.blockedModelIds)} onChange={(event) => setDraft(withValue(draft, 'modelPolicy', withValue(modelPolicy, 'blockedModelIds', textList(event.currentTarget.value))))} />
            <PolicySelect label="Custom models allowed" value={modelPolicy.allowCustomModels} unset="agent" onChange={(value) => setDraft(withValue(draft, 'modelPolicy', withValue(modelPolicy, 'allowCustomModels', value)))} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Keys and audit log">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {DAYS.map((item) => (
              <NumberInput
                key={item.key}
                label={item.label}
                description={item.description}
                min={item.min}
                max={item.max}
                allowDecimal={false}
                value={typeof draft[item.key] === 'number' ? (draft[item.key] as number) : ''}
                onChange={(value) => setDraft(withValue(draft, item.key, typeof value === 'number' ? value : undefined))}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Computer gates">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LISTS.map((item) => (
              <TextInput key={item.key} label={`${item.label} (comma-separated)`} value={listText(draft[item.key])} onChange={(event) => setDraft(withValue(draft, item.key, textList(event.currentTarget.value)))} />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Custom models">
          {customModels.length === 0 ? (
            <Text size="sm" c="dimmed">
              None. Add them under customModels in the JSON below.
            </Text>
          ) : (
            <ScrollTable minWidth={520}>
              <Table aria-label="Custom models">
                <ColumnHeads columns={['Name', 'Model', 'Base URL', 'API key']} />
                <Table.Tbody>
                  {customModels.map((model, index) => (
                    <Table.Tr key={String(model.id ?? index)}>
                      <Table.Td>{String(model.displayName ?? model.id ?? '—')}</Table.Td>
                      <Table.Td>{String(model.model ?? '—')}</Table.Td>
                      <Table.Td>{String(model.baseUrl ?? '—')}</Table.Td>
                      <Table.Td>{String(model.apiKey ?? '—')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            Keys are stored sealed and shown masked; leaving a masked key as it is keeps the stored one.
          </Text>
        </Fieldset>
        <JsonInput label="Other controls (JSON)" description="Every other property, as the API names it." value={rest} onChange={setRest} autosize minRows={4} maxRows={20} error={restError} formatOnBlur />
        {stale ? (
          <Alert color="red" role="alert" title="These controls changed while you edited them">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Someone saved a newer revision since you loaded revision {revision}, so nothing was saved. Reload to see the current controls, then make your change again.</Text>
              <Button size="xs" onClick={onReload}>
                Reload the controls
              </Button>
            </Stack>
          </Alert>
        ) : (
          save.error && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save controls
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
