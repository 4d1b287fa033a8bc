import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

// A real OpenID Provider for the tests (oidc-provider, certified) on a loopback port. Its login
// page is a plain form: a test posts it (or Chromium fills it) with the account's e-mail.
// `tamper` changes the next ID tokens the token endpoint answers and signs them again — with the
// provider's own key (wrong issuer, audience, expiry) or another key of the same kid (bad
// signature) — so each check of the relying party meets a token it must refuse.

export interface TestAccount {
  email: string;
  emailVerified?: boolean;
  name?: string;
  groups?: string[];
}

export interface IdTokenTamper {
  claims?: (claims: JWTPayload) => JWTPayload;
  /** Sign with a key the provider does not publish (same kid): the signature cannot verify. */
  foreignKey?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by e-mail (the login form's value). */
  accounts: Map<string, TestAccount>;
  tamper: IdTokenTamper | undefined;
  /** Tokens the provider answered (for checks that none is stored in clear). */
  issuedIdTokens: string[];
  close(): Promise<void>;
}

const KID = 'test-signing-key';

export async function startTestProvider(options: { redirectUris: string[]; postLogoutRedirectUris: string[] }): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signing = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const accounts = new Map<string, TestAccount>();
  const clientId = `quarterdeck-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(signing.privateKey)), kid: KID, alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          ...(account.name ? { name: account.name } : {}),
          ...(account.groups ? { groups: account.groups } : {}),
        }),
      };
    },
    // A first-party client: no consent screen, the grant covers what was asked.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });

  const state: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper: undefined,
    issuedIdTokens: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !body?.id_token) return;
    state.issuedIdTokens.push(body.id_token);
    const tamper = state.tamper;
    if (!tamper) return;
    const claims = tamper.claims ? tamper.claims(decodeJwt(body.id_token)) : decodeJwt(body.id_token);
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID }).sign(tamper.foreignKey ? foreign.privateKey : signing.privateKey);
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    const login = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!login) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            `<!doctype html><html lang="en"><head><title>Test provider sign-in</title></head><body><main><h1>Test provider</h1>` +
              `<form method="post" action="/interaction/${details.uid}/login"><label for="login">E-mail</label>` +
              `<input id="login" name="login" value="${hint.replace(/[^\w@.+-]/g, '')}"><button type="submit">Sign in at the provider</button></form></main></body></html>`,
          );
          return;
        }
        const form = new URLSearchParams(await readBody(req));
        const accountId = form.get('login') ?? '';
        const result = accounts.has(accountId) ? { login: { accountId } } : { error: 'access_denied', error_description: 'unknown account' };
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${(error as Error).message}`);
      }
    })();
  });
  return state;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
