import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

/** The frame of the pages before sign-in: sign-in, invitation, setup, signed out. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container size={440} py={48} component="main">
      <Stack gap="lg">
        <Text fw={700} size="lg" c="var(--mantine-color-blue-light-color)">
          Quarterdeck
        </Text>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Stack>
            <Title order={1} size="h2">
              {title}
            </Title>
            {intro && (
              <Text size="sm" c="dimmed">
                {intro}
              </Text>
            )}
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
