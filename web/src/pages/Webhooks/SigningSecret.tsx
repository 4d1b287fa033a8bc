import { Alert, Stack } from '@mantine/core';
import { SecretValue } from '../../components/SecretValue';

/** An endpoint's signing secret, shown this once (after create and rotate). */
export function SigningSecret({ secret }: { secret: string }) {
  return (
    <Stack>
      <Alert color="blue" title="Copy the signing secret now">
        This is the only time it is shown. Your receiver verifies each request's signature with it, using any Standard Webhooks library. If you lose it,
        rotate the secret.
      </Alert>
      <SecretValue label="Signing secret" value={secret} />
    </Stack>
  );
}
