// Why a single sign-on was refused (docs/sso.md): the console shows the sentence, the audit log
// keeps the reason. In the SDK, so the console and the server share it.

/** Why an SSO sign-in was refused: the console shows a message per reason, the audit log keeps the reason. */
export const SSO_FAILURES = {
  state: 'This sign-in link expired or was already used: start again.',
  provider: 'Your identity provider did not sign you in.',
  token: 'The answer of your identity provider failed its checks (signature, issuer, audience, nonce or expiry).',
  unavailable: 'Your identity provider could not be reached: try again later.',
  no_email: 'Your identity provider did not give an e-mail address.',
  email_unverified: 'Your identity provider says your e-mail address is not verified.',
  domain: 'Your e-mail domain is not allowed to sign in to this organization.',
  deactivated: 'Your account in this organization is deactivated.',
  unknown_user: 'You have no account in this organization yet: ask an owner or manager to invite you.',
  not_configured: 'Single sign-on is no longer set up for this organization.',
} as const;
export type SsoFailure = keyof typeof SSO_FAILURES;

export function isSsoFailure(value: unknown): value is SsoFailure {
  return typeof value === 'string' && Object.hasOwn(SSO_FAILURES, value);
}
