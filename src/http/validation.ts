import type { FastifyInstance } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { createAjv } from '../schemas/ajv.js';

// Request validation. Query strings, params and headers are text and get coerced to the
// declared types; bodies are JSON and must already have them ("5" is not a number there).
// Unknown body fields are rejected (schemas say additionalProperties: false), never dropped.

export function installValidation(app: FastifyInstance, shared: TSchema[]): void {
  const forText = createAjv({ coerceTypes: true });
  const forBody = createAjv({ coerceTypes: false });
  for (const schema of shared) {
    forText.addSchema(schema);
    forBody.addSchema(schema);
    app.addSchema(schema);
  }
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? forBody : forText).compile(schema));
}
