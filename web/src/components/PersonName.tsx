import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { nameOf, secondaryEmail, type Person } from './people';

/** A person in a table cell: their name, with the e-mail under it as secondary text when they have one. */
export function PersonName({ person, after }: { person: Person; after?: ReactNode }) {
  const email = secondaryEmail(person);
  return (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {nameOf(person)}
        {after}
      </Text>
      {email && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>
      )}
    </>
  );
}
