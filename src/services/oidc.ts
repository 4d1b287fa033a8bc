import * as oidc from 'openid-client';
import type { SecretBox } from '../domain/secret-box.js';
import type { SsoSettingsRecord } from '../repositories/organization-sso.js';
import { isLoopbackIssuer, SSO_SCOPES } from '../domain/sso.js';
import type { SsoFailure } from '../sdk/sso-failures.js';
import { guardedFetch, OutboundRefused } from './outbound-http.js';

// The OpenID Connect relying party, through openid-client (certified): discovery, the
// authorization URL with PKCE, state and nonce, the code exchange with every ID token check,
// userinfo, and RP-initiated logout. Nothing here validates a token by hand.

/** How long a request to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** The most of a provider's answer read (discovery, keys, tokens, userinfo are small). */
const PROVIDER_MAX_RESPONSE_BYTES = 1024 * 1024;
/** Discovered configurations are reused this long, then discovered again (keys rotate, endpoints move). */
const DISCOVERY_TTL_MS = 10 * 60_000;

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The operator's SSO_ALLOW_PRIVATE_ISSUERS. */
  allowPrivate: boolean;
}

/**
 * Discovery of the issuer, for this client. Every request to the provider (discovery, keys,
 * tokens, userinfo) goes through the outbound guard: host names resolved and every address
 * checked before connecting, unless private issuers are allowed. http is allowed only for an
 * issuer on a loopback address, with that switch (parseIssuer).
 */
export async function discoverProvider(client: ProviderClient): Promise<oidc.Configuration> {
  const issuer = new URL(client.issuer);
  const fetch = guardedFetch({ allowPrivate: client.allowPrivate, timeoutMs: PROVIDER_TIMEOUT_SECONDS * 1000, maxResponseBytes: PROVIDER_MAX_RESPONSE_BYTES });
  // The ID token's signature is checked against the provider's published keys even though it
  // comes straight from the token endpoint: a loopback provider has no TLS to vouch for it, and
  // a signature check costs little.
  const execute = [oidc.enableNonRepudiationChecks];
  if (issuer.protocol === 'http:' && isLoopbackIssuer(issuer)) execute.push(oidc.allowInsecureRequests);
  return oidc.discovery(issuer, client.clientId, client.clientSecret, undefined, { timeout: PROVIDER_TIMEOUT_SECONDS, execute, [oidc.customFetch]: fetch as oidc.CustomFetch });
}

/**
 * The sentence a failed discovery answers (a 400 of the settings endpoint): the guard's refusal,
 * or one sentence for everything else, so that the answer does not tell a closed port from a
 * service that is not a provider (the server's log keeps the detail).
 */
export function discoveryFailure(error: unknown): string {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof OutboundRefused) return cause.message;
  }
  return 'no OpenID Provider configuration could be read from it';
}

/** Configurations per organization, rediscovered after a while or when the settings change. */
export class ProviderClients {
  readonly #cache = new Map<string, { key: string; at: number; configuration: Promise<oidc.Configuration> }>();
  readonly #allowPrivate: boolean;

  /** `allowPrivate`: the operator's SSO_ALLOW_PRIVATE_ISSUERS. */
  constructor(allowPrivate: boolean) {
    this.#allowPrivate = allowPrivate;
  }

  get(organizationId: string, version: string, client: Omit<ProviderClient, 'allowPrivate'>): Promise<oidc.Configuration> {
    const key = `${version}|${client.issuer}|${client.clientId}`;
    const cached = this.#cache.get(organizationId);
    if (cached && cached.key === key && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
    const configuration = discoverProvider({ ...client, allowPrivate: this.#allowPrivate });
    this.#cache.set(organizationId, { key, at: Date.now(), configuration });
    configuration.catch(() => this.#cache.delete(organizationId));
    return configuration;
  }

  /** The configuration of an organization's stored settings (the secret opened with the server's box). */
  forSettings(settings: SsoSettingsRecord, box: SecretBox): Promise<oidc.Configuration> {
    return this.get(settings.organizationId, String(settings.updatedAt.getTime()), {
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecret: box.open(settings.sealedClientSecret),
    });
  }
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization URL for a new sign-in, with fresh PKCE verifier, state and nonce. */
export async function startAuthorization(configuration: oidc.Configuration, redirectUri: string, loginHint: string | undefined): Promise<AuthorizationStart> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: SSO_SCOPES,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url, state, nonce, codeVerifier };
}

export interface SignedInPerson {
  claims: Record<string, unknown>;
  idToken: string;
}

/**
 * The code exchange and every check of the answer (state, PKCE, the ID token's signature, issuer,
 * audience, expiry and nonce), then userinfo for the claims the ID token leaves out.
 */
export async function completeAuthorization(
  configuration: oidc.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<SignedInPerson> {
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    pkceCodeVerifier: expected.codeVerifier,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims || !tokens.id_token) throw new oidc.ClientError('the provider answered no ID token');
  let claims: Record<string, unknown> = { ...idClaims };
  // Providers that keep profile claims out of the ID token give them at userinfo (same subject only).
  if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
    const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    claims = { ...userinfo, ...idClaims };
  }
  return { claims, idToken: tokens.id_token };
}

/** The provider's logout URL for a session begun with this ID token, when the provider has one. */
export function endSessionUrl(configuration: oidc.Configuration, idToken: string, postLogoutRedirectUri: string): string | undefined {
  if (!configuration.serverMetadata().end_session_endpoint) return undefined;
  return oidc.buildEndSessionUrl(configuration, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri }).href;
}

/** Why a completion failed, in the terms the console shows. */
export function failureOf(error: unknown): SsoFailure {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) return 'provider';
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'AbortError' || cause.name === 'TimeoutError' || (cause instanceof TypeError && /fetch failed/i.test(cause.message))) return 'unavailable';
  }
  return 'token';
}
