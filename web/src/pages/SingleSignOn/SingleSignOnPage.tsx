import { OwnersOnly } from '../../components/ManagersOnly';
import { Alert, Button, Group, PasswordInput, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { SsoSettings, SsoSettingsInput } from '../../api/client';
import { useMembers } from '../../api/useMembers';
import { useRemoveSsoSettings, useSaveSsoSettings, useSsoSettings } from '../../api/useSso';
import { useTeams } from '../../api/useTeams';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageHeader } from '../../components/PageHeader';
import { ActionError, ErrorState, LoadingState } from '../../components/QueryState';
import { SecretValue } from '../../components/SecretValue';
import { MappingRows, type MappingRow } from './MappingRows';
import { validateSsoForm, type SsoForm } from './validate';

const SSO_ROLE_OPTIONS = [
  { value: 'manager', label: 'Manager' },
  { value: 'member', label: 'Member' },
  { value: 'guest', label: 'Guest' },
];

/** /settings/sso — owners: the organization's identity provider (OpenID Connect) and its rules. */
export default function SingleSignOnPage() {
  return (
    <OwnersOnly title="Single sign-on is set up by owners" ask="to change how people sign in">
      <ManageSso />
    </OwnersOnly>
  );
}

function formOf(sso: SsoSettings | null): SsoForm {
  return {
    issuer: sso?.issuer ?? '',
    clientId: sso?.clientId ?? '',
    clientSecret: '',
    allowedDomains: sso?.allowedDomains.join(', ') ?? '',
    jitEnabled: sso?.jitEnabled ?? false,
    jitRole: sso?.jitRole ?? 'member',
    groupsClaim: sso?.groupsClaim ?? 'groups',
    groupRoles: Object.entries(sso?.groupRoles ?? {}).map(([group, value]) => ({ group, value })),
    groupTeams: Object.entries(sso?.groupTeams ?? {}).map(([group, value]) => ({ group, value })),
    ssoRequired: sso?.ssoRequired ?? false,
    breakGlassUserId: sso?.breakGlassUserId ?? null,
  };
}

function ManageSso() {
  const settings = useSsoSettings();
  // Held here, so "Saved" outlives the form it re-creates from the stored settings.
  const save = useSaveSsoSettings();
  if (settings.isPending) return <LoadingState label="Loading single sign-on" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  // Keyed by the stored version, so a save or a removal starts the form from what is stored.
  return <SsoFormView key={settings.data.sso?.updatedAt ?? 'none'} sso={settings.data.sso} redirectUri={settings.data.redirectUri} save={save} />;
}

function SsoFormView({ sso, redirectUri, save }: { sso: SsoSettings | null; redirectUri: string; save: ReturnType<typeof useSaveSsoSettings> }) {
  const remove = useRemoveSsoSettings();
  const teams = useTeams();
  const members = useMembers();
  const [form, setForm] = useState<SsoForm>(() => formOf(sso));
  const [errors, setErrors] = useState<Partial<Record<keyof SsoForm, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof SsoForm>(key: K, value: SsoForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const owners = (members.data ?? []).filter((member) => member.role === 'owner' && member.active).map((member) => ({ value: member.id, label: member.email }));
  const teamOptions = (teams.data ?? []).map((team) => ({ value: team.id, label: team.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSsoForm(form, sso !== null);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: SsoSettingsInput = {
      issuer: form.issuer.trim(),
      clientId: form.clientId.trim(),
      ...(form.clientSecret ? { clientSecret: form.clientSecret } : {}),
      allowedDomains: domainsOf(form.allowedDomains),
      jitEnabled: form.jitEnabled,
      jitRole: form.jitRole as SsoSettingsInput['jitRole'],
      groupsClaim: form.groupsClaim.trim() || 'groups',
      groupRoles: mapOf(form.groupRoles) as SsoSettingsInput['groupRoles'],
      groupTeams: mapOf(form.groupTeams),
      ssoRequired: form.ssoRequired,
      breakGlassUserId: form.breakGlassUserId,
    };
    save.mutate(body);
  };

  return (
    <Stack maw={760}>
      <PageHeader
        title="Single sign-on"
        description="People of your e-mail domains sign in through your identity provider (OpenID Connect). Changes are recorded in the audit log."
        action={sso && <Button color="red" variant="outline" onClick={() => setConfirming(true)}>Turn off single sign-on</Button>}
      />
      <SecretValue label="Redirect URI" value={redirectUri} />
      <Text size="sm" c="dimmed">
        Register this redirect URI at your identity provider, with the scopes openid, email and profile. See docs/sso.md for Okta, Microsoft Entra ID, Google Workspace and Keycloak.
      </Text>
      {save.isSuccess && (
        <Alert color="blue" title="Saved" withCloseButton closeButtonLabel="Dismiss" onClose={() => save.reset()}>
          Your identity provider answered its discovery document; the settings are in effect.
        </Alert>
      )}
      <ActionError error={save.error} />
      <form onSubmit={submit} noValidate aria-label="Single sign-on settings">
        <Stack>
          <Title order={2} size="h4">
            Identity provider
          </Title>
          <TextInput label="Issuer URL" description="As your provider names it, e.g. https://login.example.com/oauth2/default" required value={form.issuer} error={errors.issuer} onChange={(event) => set('issuer', event.currentTarget.value)} />
          <TextInput label="Client ID" required value={form.clientId} error={errors.clientId} onChange={(event) => set('clientId', event.currentTarget.value)} />
          <PasswordInput
            label="Client secret"
            description={sso ? `Stored (${sso.clientSecret}); leave empty to keep it` : 'Stored encrypted; never shown again'}
            required={!sso}
            autoComplete="new-password"
            value={form.clientSecret}
            error={errors.clientSecret}
            onChange={(event) => set('clientSecret', event.currentTarget.value)}
          />
          <TextInput
            label="Allowed e-mail domains"
            description="Comma-separated, e.g. example.com, example.org; a domain belongs to one organization"
            required
            value={form.allowedDomains}
            error={errors.allowedDomains}
            onChange={(event) => set('allowedDomains', event.currentTarget.value)}
          />
          <Title order={2} size="h4">
            People and groups
          </Title>
          <Switch label="Create people on their first sign-in (just in time)" checked={form.jitEnabled} onChange={(event) => set('jitEnabled', event.currentTarget.checked)} />
          <Select label="Role of people created on their first sign-in" data={SSO_ROLE_OPTIONS} value={form.jitRole} allowDeselect={false} disabled={!form.jitEnabled} onChange={(value) => value && set('jitRole', value)} />
          <TextInput label="Groups claim" description="The claim that lists a person's groups" value={form.groupsClaim} onChange={(event) => set('groupsClaim', event.currentTarget.value)} />
          <MappingRows
            legend="Groups to roles"
            help="The highest role among a person's groups wins; owners are never made or changed by groups."
            valueLabel="Role"
            options={SSO_ROLE_OPTIONS}
            rows={form.groupRoles}
            error={errors.groupRoles}
            onChange={(rows: MappingRow[]) => set('groupRoles', rows)}
          />
          <MappingRows
            legend="Groups to teams"
            help="People join the teams of their groups and leave mapped teams whose group they lost; other teams are not touched."
            valueLabel="Team"
            options={teamOptions}
            rows={form.groupTeams}
            error={errors.groupTeams}
            onChange={(rows: MappingRow[]) => set('groupTeams', rows)}
          />
          <Title order={2} size="h4">
            Passwords
          </Title>
          <Switch label="Require single sign-on (refuse passwords)" checked={form.ssoRequired} onChange={(event) => set('ssoRequired', event.currentTarget.checked)} />
          <Select
            label="Break-glass owner"
            description="The one owner who may still sign in with a password, should the provider fail"
            placeholder="Choose an owner"
            data={owners}
            value={form.breakGlassUserId}
            clearable
            error={errors.breakGlassUserId}
            onChange={(value) => set('breakGlassUserId', value)}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming}
        title="Turn off single sign-on?"
        confirmLabel="Turn off"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        People sign in with passwords again; those created through single sign-on have none and need an invitation.
      </ConfirmModal>
    </Stack>
  );
}

function domainsOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);
}

function mapOf(rows: MappingRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => row.group.trim() && row.value).map((row) => [row.group.trim(), row.value]));
}
