import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** A value shown once (an API key, an invitation link, a curl line) with a copy button. */
export function SecretValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} aria-label={label}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
