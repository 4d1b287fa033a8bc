import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage, errorRequestId } from '../api/client';

// The three states every data view has besides its content: loading, error, empty.

export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{label}…</Text>
      </Group>
    </Center>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" title="Something went wrong" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <RequestId error={error} />
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl">
      <Text fw={600}>{title}</Text>
      {children && (
        <Text c="dimmed" size="sm" ta="center">
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** The failed request's id, which the server's logs carry: what to quote when asking for help. */
function RequestId({ error }: { error: unknown }) {
  const requestId = errorRequestId(error);
  if (!requestId) return null;
  return (
    <Text size="xs">
      Request id: <span data-testid="request-id">{requestId}</span>
    </Text>
  );
}

/** A failed action, shown where it happened. */
export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {errorMessage(error)}
      <RequestId error={error} />
    </Alert>
  );
}
