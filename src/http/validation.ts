import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from '@sinclair/typebox';

// Request validation. Query strings, params and headers are text and get coerced to the
// declared types; bodies are JSON and must already have them ("5" is not a number there).
// Unknown body fields are rejected (schemas say additionalProperties: false), never dropped.

const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

function makeAjv(coerce: boolean, shared: TSchema[]) {
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, useDefaults: true, removeAdditional: false, allErrors: true, strict: false });
  addFormats(ajv);
  for (const schema of shared) ajv.addSchema(schema);
  return ajv;
}

export function installValidation(app: FastifyInstance, shared: TSchema[]): void {
  const forText = makeAjv(true, shared);
  const forBody = makeAjv(false, shared);
  for (const schema of shared) app.addSchema(schema);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? forBody : forText).compile(schema));
}
