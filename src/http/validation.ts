import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { FREE_FORM_BYTES } from '../domain/json-limits.js';

// Request validation. Query strings, params and headers are text and get coerced to the
// declared types; bodies are JSON and must already have them ("5" is not a number there).
// Unknown body fields are rejected (schemas say additionalProperties: false), never dropped.

const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

function makeAjv(coerce: boolean, shared: TSchema[]) {
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, useDefaults: true, removeAdditional: false, allErrors: true, strict: false });
  addFormats(ajv);
  // Free-form values (schemas marked with FREE_FORM_BYTES) are bounded in serialized size.
  const withinBytes = (max: number, data: unknown): boolean => {
    const ok = Buffer.byteLength(JSON.stringify(data) ?? '') <= max;
    if (!ok) withinBytes.errors = [{ keyword: FREE_FORM_BYTES, message: `larger than ${max} bytes of JSON`, params: { limit: max } }];
    return ok;
  };
  withinBytes.errors = [] as object[];
  ajv.addKeyword({ keyword: FREE_FORM_BYTES, schemaType: 'number', validate: withinBytes, errors: true });
  for (const schema of shared) ajv.addSchema(schema);
  return ajv;
}

export function installValidation(app: FastifyInstance, shared: TSchema[]): void {
  const forText = makeAjv(true, shared);
  const forBody = makeAjv(false, shared);
  for (const schema of shared) app.addSchema(schema);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? forBody : forText).compile(schema));
}
