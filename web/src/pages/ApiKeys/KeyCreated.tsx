import { Alert, Stack } from '@mantine/core';
import { SecretValue } from '../../components/SecretValue';

/** The new key, shown this once, with a request to try it. */
export function KeyCreated({ secret, apiUrl }: { secret: string; apiUrl: string }) {
  const curl = `curl -H 'Authorization: Bearer ${secret}' ${apiUrl}/api/v0/api-keys`;
  return (
    <Stack>
      <Alert color="blue" title="Copy it now">
        This is the only time the key is shown. Store it somewhere safe; if you lose it, revoke it and create a new one.
      </Alert>
      <SecretValue label="API key" value={secret} />
      <SecretValue label="Try it" value={curl} />
    </Stack>
  );
}
