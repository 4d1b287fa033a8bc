import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { Db } from '../db/store.js';
import type { AccessTokens } from '../domain/access-tokens.js';
import type { SecretBox } from '../domain/secret-box.js';

// What every route plugin can reach through `app`: the configuration and the services.

export interface Services {
  config: Config;
  db: Db;
  accessTokens: AccessTokens;
  adminToken: string;
  /** Seals secrets stored in settings; resolve it before opening a transaction. */
  secretBox: () => Promise<SecretBox>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every API route registered (hidden ones left out), as method and URL template. */
    routeTable: readonly { method: string; url: string }[];
  }
}

/** The Fastify instance type route plugins receive, with TypeBox typing of schemas. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
