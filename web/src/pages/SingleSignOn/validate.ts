import type { MappingRow } from './MappingRows';

// The form's own checks, before the server's (which also checks the issuer by discovery).

export interface SsoForm {
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string;
  jitEnabled: boolean;
  jitRole: string;
  groupsClaim: string;
  groupRoles: MappingRow[];
  groupTeams: MappingRow[];
  ssoRequired: boolean;
  breakGlassUserId: string | null;
}

const LOOPBACK = /^http:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/;

export function validateSsoForm(form: SsoForm, secretStored: boolean): Partial<Record<keyof SsoForm, string>> {
  const errors: Partial<Record<keyof SsoForm, string>> = {};
  const issuer = form.issuer.trim();
  if (!issuer) errors.issuer = 'Enter the issuer URL of your identity provider';
  else if (!issuer.startsWith('https://') && !LOOPBACK.test(issuer)) errors.issuer = 'The issuer must be an https URL';
  if (!form.clientId.trim()) errors.clientId = 'Enter the client ID your provider gave this application';
  if (!secretStored && !form.clientSecret) errors.clientSecret = 'Enter the client secret';
  if (!form.allowedDomains.trim()) errors.allowedDomains = 'Name at least one e-mail domain';
  if (form.ssoRequired && !form.breakGlassUserId) errors.breakGlassUserId = 'Choose the owner who may still use a password';
  const incomplete = (rows: MappingRow[]) => rows.some((row) => !row.group.trim() || !row.value);
  if (incomplete(form.groupRoles)) errors.groupRoles = 'Give each group a name and a role, or remove it';
  if (incomplete(form.groupTeams)) errors.groupTeams = 'Give each group a name and a team, or remove it';
  return errors;
}
