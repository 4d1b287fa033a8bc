import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditEntry } from '../../api/useAuditLog';
import { detailLines, type NameOf } from './details';

// The entries as a list rather than a table: each one reads whole on a 390 px phone.

// A member acting is named by their name (the e-mail as its tooltip); other actors by their kind.
const ACTOR_KINDS: Record<string, string> = { scim: 'SCIM', sso: 'single sign-on', admin: 'platform', system: 'Quarterdeck' };

function DetailsLine({ entry, nameOf }: { entry: AuditEntry; nameOf: NameOf }) {
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
  const lines = detailLines(entry.details, nameOf);
  if (lines.length === 0) return null;
  return (
    <Stack gap={0} component="dl" aria-label="Details" style={{ margin: 0 }}>
      {lines.map((line) => (
        <Text key={line.label} component="div" size="sm" style={{ wordBreak: 'break-word' }}>
          <Text span c="dimmed" size="sm" component="dt" display="inline">
            {line.label}:
          </Text>{' '}
          <Text span size="sm" component="dd" display="inline" m={0}>
            {line.value}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

export function AuditEntries({ entries, nameOf }: { entries: AuditEntry[]; nameOf: NameOf }) {
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
            <strong title={entry.actor.label}>{(entry.actor.userId && nameOf(entry.actor.userId)) || entry.actor.label}</strong>
            {entry.actor.type !== 'user' && ` (${ACTOR_KINDS[entry.actor.type] ?? entry.actor.type})`}
            {entry.actor.ip && ` from ${entry.actor.ip}`}
            {entry.target && (
              <>
                {' → '}
                {entry.target.type} <strong title={entry.target.label ?? entry.target.id}>{nameOf(entry.target.id) ?? entry.target.label ?? entry.target.id}</strong>
              </>
            )}
          </Text>
          <DetailsLine entry={entry} nameOf={nameOf} />
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
