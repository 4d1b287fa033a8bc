import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCreateApiKey } from '../../api/useApiKeys';
import { ActionError } from '../../components/QueryState';
import { SecretValue } from '../../components/SecretValue';
import { agentSettings, type SettingsBlock } from './agentSettings';

/** Stands in for the key in the settings until one is created here. */
const KEY_PLACEHOLDER = '<ingest key>';

/**
 * Hands out setup: creates an ingest key (it can only send telemetry, so it is safe to push to
 * every laptop) and shows each agent's settings with this server's address and the key filled in.
 */
export function SetupPanel({ apiUrl }: { apiUrl: string }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('Agent telemetry');
  const key = create.data?.key;
  const agents = agentSettings(apiUrl, key ?? KEY_PLACEHOLDER);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), kind: 'ingest' });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="setup-heading">
      <Stack>
        <div>
          <Title order={2} size="h3" id="setup-heading">
            Set up your agents
          </Title>
          <Text size="sm" c="dimmed">
            Agents send OpenTelemetry to {apiUrl} with an ingest key: it can only send telemetry, and each record counts for the member whose e-mail or account it
            carries.
          </Text>
        </div>
        {key ? (
          <Stack gap="xs">
            <Alert color="blue" title="Ingest key created">
              It is shown this once and is already filled in below. It can be revoked on the API keys page.
            </Alert>
            <SecretValue label="Ingest key" value={key} />
          </Stack>
        ) : (
          <form onSubmit={submit}>
            <Group align="flex-end">
              <TextInput label="Key name" value={name} onChange={(event) => setName(event.currentTarget.value)} required maxLength={100} style={{ flex: 1, minWidth: 180 }} />
              <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                Create ingest key
              </Button>
            </Group>
            <ActionError error={create.error} />
          </form>
        )}
        <Tabs defaultValue={agents[0]!.id} keepMounted={false}>
          <Tabs.List aria-label="Agents">
            {agents.map((agent) => (
              <Tabs.Tab key={agent.id} value={agent.id}>
                {agent.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {agents.map((agent) => (
            <Tabs.Panel key={agent.id} value={agent.id} pt="sm">
              <Stack gap="sm">
                <Text size="sm">{agent.note}</Text>
                {agent.blocks.map((block) => (
                  <Snippet key={block.label} block={block} />
                ))}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Paper>
  );
}

function Snippet({ block }: { block: SettingsBlock }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        <Text size="sm" fw={600}>
          {block.label}
        </Text>
        <CopyButton value={block.text}>
          {({ copied, copy }) => (
            <Button size="xs" variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={`Copy: ${block.label}`} style={{ flexShrink: 0 }}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={block.label} data-language={block.language}>
        {block.text}
      </Code>
    </Stack>
  );
}
