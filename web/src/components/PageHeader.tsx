import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

/** A page's heading: its title, a line on what the page shows, and the page's main action if any. */
export function PageHeader({ title, description, action }: { title: string; description: ReactNode; action?: ReactNode }) {
  usePageTitle(title);
  const heading = (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </div>
  );
  if (!action) return heading;
  return (
    <Group justify="space-between" align="flex-end">
      {heading}
      {action}
    </Group>
  );
}
