import { isLoopbackOrPrivate, isPublicAddress, literalAddressOf } from './public-address.js';
import { invalidInput, type FieldError, rejectFieldErrors } from './errors.js';
import { ROLES, type Role } from './roles.js';

// Single sign-on with OpenID Connect (docs/sso.md): the rules of an organization's settings and
// of what a sign-in through the identity provider changes. No HTTP, no library here.

/** Roles single sign-on may give: owners are made by hand only (docs/decisions.md "Single sign-on"). */
export const SSO_ROLES = ['manager', 'member', 'guest'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

/** A sign-in under way at the provider lives this long: enough to type a password and a second factor. */
export const SSO_SIGN_IN_TTL_MS = 10 * 60_000;
export const SSO_SCOPES = 'openid email profile';
/** Where the provider sends the browser back: register this at the provider. */
export const SSO_CALLBACK_PATH = '/api/v0/auth/sso/callback';
export const DEFAULT_GROUPS_CLAIM = 'groups';

export interface SsoSettings {
  issuer: string;
  clientId: string;
  allowedDomains: string[];
  jitEnabled: boolean;
  jitRole: SsoRole;
  groupsClaim: string;
  groupRoles: Record<string, SsoRole>;
  groupTeams: Record<string, string>;
  ssoRequired: boolean;
  breakGlassUserId: string | null;
}

/** The redirect URI of the console at PUBLIC_APP_URL. */
export function ssoRedirectUri(publicAppUrl: string): string {
  return `${publicAppUrl}${SSO_CALLBACK_PATH}`;
}

/** The lower-cased domain of an e-mail address, or undefined when it has none. */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return undefined;
  return email.slice(at + 1).trim().toLowerCase();
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Allowed domains as stored: lower-case, without a leading "@", each once; a malformed one is 400. */
export function normalizeDomains(domains: readonly string[]): string[] {
  const errors: FieldError[] = [];
  const normalized = domains.map((domain, index) => {
    const value = domain.trim().toLowerCase().replace(/^@/, '');
    if (!DOMAIN.test(value)) errors.push({ path: `body/allowedDomains/${index}`, message: `"${domain}" is not a domain name such as example.com` });
    return value;
  });
  rejectFieldErrors(errors);
  return [...new Set(normalized)];
}

const PRIVATE_ISSUERS_SWITCH = 'an operator may allow loopback and private issuers with SSO_ALLOW_PRIVATE_ISSUERS';

/**
 * The issuer as an https URL. Unless the operator allows private issuers, no loopback, private,
 * link-local (cloud metadata) or other non-public literal address, nor `localhost`: the server
 * fetches the issuer's documents, and an owner must not make it probe what sits next to it.
 * With the switch, loopback and private addresses are accepted (never link-local), and http on a
 * loopback address (a provider on this machine). Without it, host names are checked again,
 * resolved, at each fetch (services/outbound-http.ts).
 */
export function parseIssuer(issuer: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw invalidInput('issuer must be a URL such as https://login.example.com', [{ path: 'body/issuer', message: 'not a URL' }]);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate && isLoopbackIssuer(url))) {
    throw invalidInput('issuer must be an https URL', [{ path: 'body/issuer', message: 'not https' }]);
  }
  if (url.search || url.hash) throw invalidInput('issuer must not carry a query or fragment', [{ path: 'body/issuer', message: 'query or fragment' }]);
  const literal = literalAddressOf(url);
  if (literal !== undefined && !isPublicAddress(literal) && !(allowPrivate && isLoopbackOrPrivate(literal))) {
    throw invalidInput(`issuer ${literal} is not a public address (${PRIVATE_ISSUERS_SWITCH})`, [{ path: 'body/issuer', message: 'not a public address' }]);
  }
  if (!allowPrivate && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost'))) {
    throw invalidInput(`issuer ${url.hostname} is not a public host (${PRIVATE_ISSUERS_SWITCH})`, [{ path: 'body/issuer', message: 'not a public address' }]);
  }
  return url;
}

export function isLoopbackIssuer(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(url.hostname);
}

/**
 * The DNS TXT record that proves an organization controls an e-mail domain (docs/sso.md
 * "Proving a domain"): published at `_quarterdeck-challenge.<domain>`, carrying the token.
 */
export function domainProofRecord(domain: string, token: string): { type: 'TXT'; name: string; value: string } {
  return { type: 'TXT', name: `_quarterdeck-challenge.${domain}`, value: `quarterdeck-domain-verification=${token}` };
}

/** Rules between fields: SSO required needs a break-glass owner, so a provider outage cannot lock everyone out. */
export function assertSettingsConsistent(settings: Pick<SsoSettings, 'ssoRequired' | 'breakGlassUserId' | 'allowedDomains'>): void {
  if (settings.allowedDomains.length === 0) throw invalidInput('allowedDomains: name at least one e-mail domain', [{ path: 'body/allowedDomains', message: 'empty' }]);
  if (settings.ssoRequired && !settings.breakGlassUserId) {
    throw invalidInput('breakGlassUserId is required when ssoRequired is true: an owner who may still sign in with a password', [{ path: 'body/breakGlassUserId', message: 'required' }]);
  }
}

/** The values of a groups claim: a list of strings, or a single string; anything else counts as absent. */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] | undefined {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return undefined;
}

/**
 * The role groups give: the highest role any of the person's groups maps to; undefined when none
 * does (the role stays as it is, or the JIT role for a new person). Owners are never changed by
 * groups and never made through them.
 */
export function roleFromGroups(groups: readonly string[], groupRoles: Record<string, SsoRole>): SsoRole | undefined {
  let best: SsoRole | undefined;
  for (const group of groups) {
    const role = groupRoles[group];
    if (role && (best === undefined || ROLES.indexOf(role) < ROLES.indexOf(best))) best = role;
  }
  return best;
}

/** The role a sign-in leaves a person with. */
export function nextRole(current: Role, groups: readonly string[] | undefined, groupRoles: Record<string, SsoRole>): Role {
  if (current === 'owner' || groups === undefined) return current;
  return roleFromGroups(groups, groupRoles) ?? current;
}

/**
 * Team changes from groups: joins every team a present group maps to, leaves the mapped teams no
 * present group maps to. Teams no group maps to are not touched (memberships made by hand stay).
 */
export function teamChanges(groups: readonly string[], groupTeams: Record<string, string>, currentTeamIds: readonly string[]): { add: string[]; remove: string[] } {
  const wanted = new Set(groups.flatMap((group) => (groupTeams[group] ? [groupTeams[group]] : [])));
  const mapped = new Set(Object.values(groupTeams));
  const current = new Set(currentTeamIds);
  return {
    add: [...wanted].filter((team) => !current.has(team)).sort(),
    remove: [...current].filter((team) => mapped.has(team) && !wanted.has(team)).sort(),
  };
}
