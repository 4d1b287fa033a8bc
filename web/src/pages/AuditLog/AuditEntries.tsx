import { Anchor, Badge, Code, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditEntry } from '../../api/useAuditLog';

// The entries as a list rather than a table: each one reads whole on a 390 px phone.

const ACTOR_KINDS: Record<string, string> = { user: 'member', scim: 'SCIM', sso: 'single sign-on', admin: 'platform', system: 'Quarterdeck' };

function DetailsLine({ entry }: { entry: AuditEntry }) {
  const revision = entry.details.revision;
  if (entry.action === 'enterprise_controls.changed' && typeof revision === 'number') {
    return (
      <Text size="sm">
        <Anchor component={Link} to={`/settings/controls?revision=${revision}`} underline="always">
          Revision {revision}
        </Anchor>
        {Array.isArray(entry.details.changedSettings) && entry.details.changedSettings.length > 0 && ` · ${entry.details.changedSettings.join(', ')}`}
      </Text>
    );
  }
  if (Object.keys(entry.details).length === 0) return null;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {JSON.stringify(entry.details)}
    </Code>
  );
}

export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  return (
    <Stack gap={0} component="ol" aria-label="Audit log entries" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {entries.map((entry) => (
        <Stack component="li" key={entry.id} gap={4} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" tt="none">
              {entry.action}
            </Badge>
            <Text size="sm" c="dimmed">
              <time dateTime={new Date(entry.occurredAt).toISOString()}>{new Date(entry.occurredAt).toLocaleString()}</time>
            </Text>
          </Group>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            <strong>{entry.actor.label}</strong> ({ACTOR_KINDS[entry.actor.type] ?? entry.actor.type})
            {entry.actor.ip && ` from ${entry.actor.ip}`}
            {entry.target && (
              <>
                {' → '}
                {entry.target.type} <strong>{entry.target.label ?? entry.target.id}</strong>
              </>
            )}
          </Text>
          <DetailsLine entry={entry} />
          {entry.requestId && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              Request {entry.requestId}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
