import { Alert, Stack } from '@mantine/core';
import { SecretValue } from '../../components/SecretValue';

/** An invitation link, shown this once. */
export function InvitationLink({ who, url }: { who: string; url: string }) {
  return (
    <Stack>
      <Alert color="blue" title="Send this link to the person">
        {`It lets ${who} set a password and sign in. It works once, for 7 days, and is not shown again; a new invitation replaces it.`}
      </Alert>
      <SecretValue label="Invitation link" value={url} />
    </Stack>
  );
}
