import { Alert, Stack } from '@mantine/core';
import { isManager } from '../../api/client';
import { useEnterpriseControls } from '../../api/useEnterpriseControls';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { ControlsForm } from './ControlsForm';
import { ControlsHistory } from './ControlsHistory';
import { PageHeader } from '../../components/PageHeader';

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
      <PageHeader title="Enterprise controls" description={<>Policies every agent of {organization.name} follows. {controls.data && `Revision ${controls.data.revision}.`}</>} />
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
