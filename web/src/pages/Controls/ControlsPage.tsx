import { Alert, Stack, Text, Title } from '@mantine/core';
import { isManager } from '../../api/client';
import { useEnterpriseControls } from '../../api/useEnterpriseControls';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { ControlsForm } from './ControlsForm';
import { ControlsHistory } from './ControlsHistory';

/** /settings/controls — owner and manager: the enterprise controls and their history. */
export default function ControlsPage() {
  const { user, organization } = useSignedInSession();
  const manager = isManager(user.role);
  const controls = useEnterpriseControls(manager);
  if (!manager) {
    return (
      <Alert color="blue" title="Enterprise controls are managed by owners and managers">
        The API shows the controls of {organization.name} to owners and managers only.
      </Alert>
    );
  }
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Enterprise controls
        </Title>
        <Text size="sm" c="dimmed">
          Policies every agent of {organization.name} follows. {controls.data && `Revision ${controls.data.revision}.`}
        </Text>
      </div>
      {controls.isPending ? (
        <LoadingState label="Loading the controls" />
      ) : controls.isError ? (
        <ErrorState error={controls.error} onRetry={() => void controls.refetch()} />
      ) : (
        <>
          {/* A new revision (saved here or reloaded) starts a fresh form. */}
          <ControlsForm key={controls.data.revision} settings={controls.data.settings} revision={controls.data.revision} onReload={() => void controls.refetch()} />
          <ControlsHistory current={controls.data} />
        </>
      )}
    </Stack>
  );
}
