import { Type } from '@sinclair/typebox';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../domain/access-tokens.js';
import { ApiError } from '../../../http/errors.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';

// POST /api/v0/auth/token — exchanges an API key for a short-lived JWT.
export default async function createTokenRoute(app: App) {
  app.post(
    '/auth/token',
    {
      schema: {
        summary: 'Exchange an API key for an access token (JWT)',
        tags: ['auth'],
        response: {
          200: Type.Object({ accessToken: Type.String(), tokenType: Type.Literal('Bearer'), expiresIn: Type.Integer() }),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (principal.via !== 'apiKey') throw new ApiError('unauthorized', 'an access token is obtained with an API key, not with another token');
      const accessToken = await app.services.accessTokens.sign({ userId: principal.userId, organizationId: principal.organizationId, apiKeyId: principal.apiKeyId });
      return { accessToken, tokenType: 'Bearer' as const, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },
  );
}
